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
		{"ts=4 sw:2", []SetItem{{"ts", "=", "4", "ts=4"}, {"sw", "=", "2", "sw:2"}}, ""},
		{"nowrap invlist number", []SetItem{{"wrap", "no", "", "nowrap"}, {"list", "inv", "", "invlist"}, {"number", "", "", "number"}}, ""},
		{"novice", []SetItem{{"novice", "", "", "novice"}}, ""},
		{"ai! ai& ai&vi ai&vim ai< ai?", []SetItem{{"ai", "!", "", "ai!"}, {"ai", "&", "", "ai&"}, {"ai", "&", "vi", "ai&vi"}, {"ai", "&", "vim", "ai&vim"}, {"ai", "<", "", "ai<"}, {"ai", "?", "", "ai?"}}, ""},
		{"ai  ?", []SetItem{{"ai", "?", "", "ai  ?"}}, ""},
		{"isk+=- cpo-=a cpo^=b", []SetItem{{"isk", "+=", "-", "isk+=-"}, {"cpo", "-=", "a", "cpo-=a"}, {"cpo", "^=", "b", "cpo^=b"}}, ""},
		{`path=a\ b,c\\d x`, []SetItem{{"path", "=", `a b,c\d`, `path=a\ b,c\\d`}, {"x", "", "", "x"}}, ""},
		{"all all&", []SetItem{{"all", "", "", "all"}, {"all", "&", "", "all&"}}, ""},
		{"t_Co=256 <t_kb>=x", []SetItem{{"t_Co", "=", "256", "t_Co=256"}, {"<t_kb>", "=", "x", "<t_kb>=x"}}, ""},
		{"ts=", []SetItem{{"ts", "=", "", "ts="}}, ""},
		{"ts=4 =5", []SetItem{{"ts", "=", "4", "ts=4"}}, "E518: Unknown option: =5"},
		{"nots=3 x", []SetItem{{"ts", "no=", "3", "nots=3"}, {"x", "", "", "x"}}, ""},
		{"nosuchopt?", []SetItem{{"suchopt", "no?", "", "nosuchopt?"}}, ""},
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
