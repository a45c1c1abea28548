package editor

// visualCases are differential scenarios for Visual p and P (what .
// repeats afterwards: the Visual delete; block selections replaced by
// lines) and for A and I on selections made linewise (where Vim puts the
// text, which depends on the anchor's column, on $ and on the columns an
// earlier operator measured, and what . does with them).
var visualCases = []diffCase{
	{Name: "vput_dot", Text: "abc def\nghi\n", Steps: []string{"yiwwviwp", "0.", "u", "u", "wviwP", "0.", "u", "Vp", "j."}},
	{Name: "vput_empty_register", Text: "one two\nthree four\nfive\n", Steps: []string{"v3}p", "u", "wvep", "."}},
	{Name: "vput_block_lines", Text: "abc\ndef\nghi\njkl\n", Steps: []string{"yyjl<C-v>jlp", "u", "yjG<C-v>kP", "u", "l<C-v>jkp", "u", "G<C-v>kkp", "u", "gg<C-v>jp", "."}},
	{Name: "vis_ai_columns", Text: "abcdef\nxyz\nqwerty\nuiop\n", Steps: []string{"VAx<Esc>", "u", "lVAx<Esc>", "u", "$VAx<Esc>", "u", "0lvhAx<Esc>", "u", "jlvkAx<Esc>", "u", "jlvkIx<Esc>", "u", "Vj$Ax<Esc>", "u", "$vhAx<Esc>"}},
	{Name: "vis_ai_dot", Text: "abcdef\nxyz\nqwerty\nuiop\n", Steps: []string{"lVAx<Esc>", ".", "ll.", "u", "u", "u", "lVjAx<Esc>", "gg$.", "vjIx<Esc>", "l.", "lvlIx<Esc>", "$.", "Vj$Ax<Esc>", "gg."}},
	{Name: "vis_ai_stale_vcols", Text: "abcdef\nxyz\nqwerty\nuiop\n", Steps: []string{"l<C-v>jd", "VAx<Esc>", ".", "vjy", "jlVAx<Esc>", "lvy", "jVAx<Esc>", "V<Space>Ay<Esc>", "."}},
	{Name: "vis_dollar_then_v", Text: "abc\nxyzuvw\nqwerty\nuiop\nlast\n", Steps: []string{"$VjAx<Esc>", "u", "$vjd", "u", "$v3i{d", "u", "$vkd", "u", "$v$d", "u", "G$vhd"}},
	{Name: "vis_count_dot", Text: "abcdef\nxyz\nqwerty\nuiop\nlast\nmore\nlines\nhere\n", Steps: []string{"Vj3>", "j.", "vj2~", ".", "V2Ax<Esc>", "j.", "V30Aa<CR>b<Esc>", "."}},
	{Name: "vis_empty_block_object", Text: "func main() {\nx\n}\n(a () b)\n", Steps: []string{"vi(y", "vi(<Esc>", "vi(d", "u", "Gfavi(i(y", "Gvi(a(d"}},
	{Name: "vis_block_append_bs", Text: "one two three\nfour five six\nseven eight nine\n", Steps: []string{"x", "3w", "v4i`X", "xp", "<C-v>2$A<BS><BS><Esc>", "<C-r>", "u"}},
	{Name: "marks_charwise_delete", Text: "one two three\nfour five six\nseven eight nine\n", Steps: []string{"gE", "cGa<CR>b<Esc>", "h", "vkp", "gia<CR>b<Esc>", "|", "u", "jjllmaggwvjjd", "`a", "u", "`a"}},
}
