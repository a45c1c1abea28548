" Regenerates names.golden: every prefix of every built-in Vim command name
" and what Vim's fullcommand() makes of it (vimnames.go holds the shortest
" abbreviations taken from the same data). Run from this directory:
"   vim -u NONE -i NONE -N -n -Es -S vimnames.vim
" The modifiers keep* are left out: fullcommand() reads "kee..." as :k.
let out = []
for n in getcompletion('', 'command')
  if n !~# '^\a' || n =~# '^keep' || fullcommand(n) !=# n
    continue
  endif
  for i in range(1, len(n))
    call add(out, n[: i - 1] . ' ' . fullcommand(n[: i - 1]))
  endfor
endfor
call writefile(uniq(sort(out)), 'names.golden')
qa!
