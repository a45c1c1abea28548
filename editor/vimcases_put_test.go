package editor

// putCases are differential scenarios for Visual p and P: what . repeats
// afterwards (the Visual delete) and block selections replaced by lines.
var putCases = []diffCase{
	{Name: "vput_dot", Text: "abc def\nghi\n", Steps: []string{"yiwwviwp", "0.", "u", "u", "wviwP", "0.", "u", "Vp", "j."}},
	{Name: "vput_empty_register", Text: "one two\nthree four\nfive\n", Steps: []string{"v3}p", "u", "wvep", "."}},
	{Name: "vput_block_lines", Text: "abc\ndef\nghi\njkl\n", Steps: []string{"yyjl<C-v>jlp", "u", "yjG<C-v>kP", "u", "l<C-v>jkp", "u", "G<C-v>kkp", "u", "gg<C-v>jp", "."}},
}
