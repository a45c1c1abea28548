" Regenerates golden.json from cases.json with the real Vim:
"   go test ./editor/vimre -run TestAgainstVim -update
" (runs: cd testdata && vim -u NONE -i NONE -N -n -Es -S golden.vim)
set nomore
let cases = json_decode(join(readfile('cases.json'), "\n"))
let out = {'match': [], 'subs': [], 'search': []}
for [pat, line, ic] in cases.match
  let &ignorecase = ic
  try
    let m = matchstrpos(line, pat)
    call add(out.match, {'pat': pat, 'line': line, 'ic': ic, 'start': m[1], 'end': m[2], 'err': ''})
  catch
    call add(out.match, {'pat': pat, 'line': line, 'ic': ic, 'start': -1, 'end': -1, 'err': substitute(v:exception, '^Vim([^)]*):', '', '')})
  endtry
endfor
set noignorecase
for [pat, rep, line] in cases.subs
  enew!
  call setline(1, line)
  let d = "\x01"
  let err = ''
  try
    exe 's' . d . pat . d . rep . d . 'g'
  catch
    let err = substitute(v:exception, '^Vim([^)]*):', '', '')
  endtry
  call add(out.subs, {'pat': pat, 'rep': rep, 'line': line, 'result': join(getline(1, '$'), "\n"), 'err': err})
endfor
for [lines, pat, lnum, col, flags] in cases.search
  enew!
  call setline(1, lines)
  let &ignorecase = flags =~# 'i'
  let &smartcase = flags =~# 's'
  call cursor(lnum, col + 1)
  let sflags = (flags =~# 'b' ? 'b' : '') . (flags =~# 'W' ? 'W' : 'w')
  let err = ''
  try
    let found = search(pat, sflags)
  catch
    let found = 0
    let err = substitute(v:exception, '^Vim([^)]*):', '', '')
  endtry
  call add(out.search, {'lines': lines, 'pat': pat, 'lnum': lnum, 'col': col, 'flags': flags, 'found': found, 'flnum': line('.'), 'fcol': col('.') - 1, 'err': err})
endfor
call writefile([json_encode(out)], 'golden.json')
qa!
