" Regenerates ranges.golden.json: go test ./editor/exparse -run TestRangesAgainstVim -update
" (run from editor/exparse/testdata with vim -u NONE -i NONE -N -n -Es -S ranges.vim).
command! -range Rng let g:r = [<line1>, <line2>]
let out = []
for R in readfile('ranges.txt')
  enew!
  call setline(1, map(range(1, 20), '"line " . v:val'))
  for [n, w] in [[2, 'apple'], [6, 'apple'], [15, 'apple'], [4, 'berry'], [12, 'berry'], [18, 'cherry']]
    call setline(n, getline(n) . ' ' . w)
  endfor
  call setpos("'a", [0, 3, 1, 0])
  call setpos("'b", [0, 8, 1, 0])
  call setpos("'<", [0, 5, 1, 0])
  call setpos("'>", [0, 7, 1, 0])
  let @/ = 'berry'
  10
  let g:r = [0, 0]
  let v:errmsg = ''
  silent! exe R . 'Rng'
  call add(out, {'range': R, 'line1': g:r[0], 'line2': g:r[1], 'err': v:errmsg})
endfor
call writefile([json_encode(out)], 'ranges.golden.json')
qa!
