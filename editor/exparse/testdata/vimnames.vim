let out = []
for n in getcompletion('', 'command')
  let f = fullcommand(n)
  let m = ''
  for i in range(1, len(n))
    if fullcommand(n[:i-1]) ==# n
      let m = n[:i-1]
      break
    endif
  endfor
  call add(out, n . ' ' . f . ' ' . m)
endfor
call writefile(out, '/tmp/vt/names.out')
qa!
