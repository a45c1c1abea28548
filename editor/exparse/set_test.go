package exparse

import (
	"reflect"
	"testing"
)

func TestParseSet(t *testing.T) {
	tests := []struct {
		arg  string
		want []SetItem
		err  string
	}{
		{"", nil, ""},
		{"ts=4 sw:2", []SetItem{{"ts", "=", "4"}, {"sw", "=", "2"}}, ""},
		{"nowrap invlist number", []SetItem{{"wrap", "no", ""}, {"list", "inv", ""}, {"number", "", ""}}, ""},
		{"novice", []SetItem{{"novice", "", ""}}, ""},
		{"ai! ai& ai&vi ai&vim ai< ai?", []SetItem{{"ai", "!", ""}, {"ai", "&", ""}, {"ai", "&", "vi"}, {"ai", "&", "vim"}, {"ai", "<", ""}, {"ai", "?", ""}}, ""},
		{"ai  ?", []SetItem{{"ai", "?", ""}}, ""},
		{"isk+=- cpo-=a cpo^=b", []SetItem{{"isk", "+=", "-"}, {"cpo", "-=", "a"}, {"cpo", "^=", "b"}}, ""},
		{`path=a\ b,c\\d x`, []SetItem{{"path", "=", `a b,c\d`}, {"x", "", ""}}, ""},
		{"all all&", []SetItem{{"all", "", ""}, {"all", "&", ""}}, ""},
		{"t_Co=256 <t_kb>=x", []SetItem{{"t_Co", "=", "256"}, {"<t_kb>", "=", "x"}}, ""},
		{"ts=", []SetItem{{"ts", "=", ""}}, ""},
		{"ts=4 =5", []SetItem{{"ts", "=", "4"}}, "E518: Unknown option: =5"},
		{"nots=3", nil, "E474: Invalid argument: nots=3"},
		{"ai?x", nil, "E488: Trailing characters: ai?x"},
	}
	for _, tc := range tests {
		got, err := ParseSet(tc.arg)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParseSet(%q) error = %v, want %q", tc.arg, err, tc.err)
			}
		} else if err != nil {
			t.Errorf("ParseSet(%q): %v", tc.arg, err)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseSet(%q) = %+v, want %+v", tc.arg, got, tc.want)
		}
	}
}
