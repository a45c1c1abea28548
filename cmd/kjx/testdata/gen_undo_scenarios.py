#!/usr/bin/env python3
"""Writes the steps of kjx's own undo scenarios to undo_scenarios.json.

Expectations are never written by hand: after running this, run
  python3 ../shared/vim-cases/run_vim_corpus.py --corpus cmd/kjx/testdata/undo_scenarios.json --update
from the repository root to record what the real Vim does.
"""
import json, os
S = []
def sc(name, desc, initial, steps, setup=None):
    st = []
    for s in steps:
        if isinstance(s, int): st.append({"advance_seconds": s})
        elif s.startswith(":"): st.append({"ex": s[1:]})
        else: st.append({"keys": s})
    d = {"name": name, "description": desc, "initial": initial, "steps": st}
    if setup: d["setup"] = setup
    S.append(d)

T3 = "alpha beta gamma\ndelta epsilon\nzeta eta theta\n"
# --- deep branches and walking
sc("kjx_deep_branch_walk", "three levels of branches walked with g- then g+", T3,
   ["x","x","x","u","u","iA<Esc>","x","u","iB<Esc>","u","u","iC<Esc>"]+["g-"]*9+["g+"]*9)
sc("kjx_branch_undo_N_every_state", ":undo N to every state of a branchy tree", T3,
   ["x","x","u","iP<Esc>","x","u","u","iQ<Esc>",":undo 1",":undo 4",":undo 2",":undo 0",":undo 6",":undo 3",":undo 5","u","<C-r>"])
sc("kjx_counted_g_minus_plus", "3g- and 2g+ across branches", T3,
   ["x","x","x","u","u","iR<Esc>","x","3g-","2g+","4g-","10g+","10g-"])
sc("kjx_redo_follows_last_visited_branch", "after :undo into an old branch, u then CTRL-R stays there", T3,
   ["x","x","u","iN<Esc>",":undo 2","u","<C-r>","u","u","<C-r>","<C-r>"])
sc("kjx_branch_from_root_three_times", "root-level branches with g- walking them", "abc\n",
   ["x","u","ia<Esc>","u","ib<Esc>","u","ic<Esc>","g-","g-","g-","g-","g+","g+","g+","g+",":undo 2","<C-r>"])
sc("kjx_nested_branch_lines", "linewise edits on several branches", T3,
   ["dd","u","jdd","u","Gdd","u","u","<C-r>",":undo 1",":undo 3","g-","g-","g+"])
sc("kjx_long_linear_then_branch", "ten edits, back five, branch, walk", "0123456789abcdef\n",
   ["x"]*10+["5u","iZ<Esc>","g-","g-","g-","g-","g-","g-","g+","g+",":later 3",":earlier 4"])
sc("kjx_undo_redo_counts_branch", "counts on u and CTRL-R with branches", T3,
   ["x","x","x","2u","iK<Esc>","3u","2<C-r>","5<C-r>","u","g-","g+"])
# --- time travel chains
sc("kjx_time_minutes_chain", ":earlier/:later in minutes over spaced edits", T3,
   ["Ax<Esc>",60,"Ay<Esc>",120,"Az<Esc>",30,":earlier 1m",":earlier 2m",":later 1m",":later 3m",":earlier 10m",":later 10m"])
sc("kjx_time_seconds_fine", "second-level travel with close edits", T3,
   ["x",3,"x",3,"x",3,"x",":earlier 4s",":earlier 4s",":later 2s",":later 4s",":earlier 100s",":later 100s"])
sc("kjx_time_branches", "time travel across branches", T3,
   ["Aa<Esc>",10,"Ab<Esc>",10,"u","Ac<Esc>",10,"Ad<Esc>",":earlier 15s",":earlier 5s",":later 5s",":later 15s",":later 1h"])
sc("kjx_time_hours", "hours and days", T3,
   ["x",3600,"x",7200,"x",86400,"x",":earlier 1h",":earlier 2h",":earlier 1d",":later 1h",":later 1d",":earlier 3d"])
sc("kjx_time_same_second_many", "many edits in one second then time steps", T3,
   ["x","x","x","x",2,"x","x",2,"x",":earlier 1s",":earlier 1s",":earlier 1s",":later 1s",":later 1s",":later 1s"])
sc("kjx_time_then_counts", "mix time and count travel", T3,
   ["x",20,"x",20,"u","iQ<Esc>",20,"x",":earlier 30s","g-","g+",":later 2",":earlier 1",":later 25s"])
sc("kjx_time_zero_args", ":earlier 0s and :later 0 and :earlier 0f", T3,
   ["x",5,"x",":earlier 0s",":later 0",":earlier 0f",":earlier 0"])
sc("kjx_earlier_later_invalid_args", "E475 for bad arguments", T3,
   ["x",":earlier 3x",":later foo",":earlier 1y",":earlier -1",":later 1"])
sc("kjx_time_ages_over_100s", "messages with clock times after 100 s", T3,
   ["x",150,"x",50,":earlier 1",":earlier 1",":later 1"])
sc("kjx_time_ages_over_12h", "messages with dates after 12 h", T3,
   ["x",50000,"x",":undo 1",":undo 0",":undo 2"])
sc("kjx_time_travel_then_edit", "edit after :earlier creates a branch; walk back", T3,
   ["x",10,"x",10,"x",":earlier 15s","iN<Esc>","g-","g-","g-","g+","g+","g+",":undolist"])
# --- file writes
sc("kjx_file_writes_chain", "several writes, earlier/later by f", T3,
   ["x",":w","x","x",":w","x",":w","x",":earlier 1f",":earlier 1f",":earlier 1f",":earlier 1f",":later 1f",":later 1f",":later 1f",":later 1f"])
sc("kjx_file_write_then_undo_modified", "modified flag across a write", T3,
   ["x","x",":w","u","<C-r>","u","u","<C-r>","<C-r>",":w","u"])
sc("kjx_file_write_branches_earlier", "writes on two branches", T3,
   ["x",":w","x",":w","u","u","iP<Esc>",":w","x",":earlier 1f",":earlier 2f",":later 1f",":later 5f",":undolist"])
sc("kjx_write_same_state_twice", "two writes of one state", T3,
   ["x",":w",":w","x",":earlier 1f",":later 1f",":earlier 2f"])
sc("kjx_write_other_file_then_f", ":w other does not count", T3,
   ["x",":w other.txt","x",":w","x",":earlier 1f",":earlier 1f"])
sc("kjx_undolist_many_leaves", ":undolist over many branches", T3,
   ["x","u","iA<Esc>","u","iB<Esc>",":w","u","iC<Esc>",20,"x","u","u","iD<Esc>",":undolist"])
sc("kjx_undolist_empty", ":undolist with no changes", T3, [":undolist","u",":undolist"])
sc("kjx_undolist_saved_column", ":undolist saved column after several writes", T3,
   ["x",":w","x",":w","u","u","iE<Esc>",":w",200,"x",":undolist"])
# --- pruning
sc("kjx_prune_levels_2_branches", "undolevels=2 with branches", T3,
   ["x","x","u","iA<Esc>","x","x","u","u","u","u","g-","g-",":undo 3"], setup=["set undolevels=2"])
sc("kjx_prune_levels_5_long", "undolevels=5 with a long chain", T3,
   ["x"]*9+["9u","u","6<C-r>","g-","g-",":undo 2",":undo 8"], setup=["set undolevels=5"])
sc("kjx_prune_then_raise", "raise undolevels after pruning", T3,
   ["x","x","x","x",":set undolevels=10","x","x","7u","7<C-r>"], setup=["set undolevels=2"])
sc("kjx_prune_root_branches", "pruning root-level branches", T3,
   ["x","u","iA<Esc>","u","iB<Esc>","u","iC<Esc>","u","iD<Esc>","g-","g-","g-","g-",":undolist"], setup=["set undolevels=2"])
sc("kjx_prune_detached_deep", "undo to root, change, the old tree goes", T3,
   ["x","x","x","3u","iQ<Esc>","x","g-","g-","g-",":undolist"], setup=["set undolevels=2"])
sc("kjx_undolevels_negative_mid", "undolevels=-1 mid-session clears at next change", T3,
   ["x","x",":set undolevels=-1","x","u",":set undolevels=1000","x","u","u"])
sc("kjx_undolevels_one", "undolevels=1", T3, ["x","x","x","u","u","u","<C-r>","<C-r>"], setup=["set undolevels=1"])
# --- editing commands as blocks
sc("kjx_insert_multiline_branches", "multi-line inserts on branches", T3,
   ["oone<CR>two<Esc>","u","Othree<CR>four<Esc>","g-","g-","g+","g+","u"])
sc("kjx_dot_repeat_branch", "dot repeat after branching", T3,
   ["dw","..","u","u","cwNEW<Esc>","j.","u","g-","g-"])
sc("kjx_counted_dd_then_time", "3dd then time travel", T3 + "iota kappa\nlambda mu\n",
   ["3dd",5,"p",5,"P",":earlier 6s",":earlier 5s",":later 20s"])
sc("kjx_join_and_undo_chain", "J with counts in a chain", T3 + "iota\n",
   ["J","u","3J","u","J","J","u","u","<C-r>"])
sc("kjx_substitute_branches", ":s on branches", "a a a\nb a b\na\n",
   [":s/a/X/","u",":s/a/Y/g","u",":%s/a/Z/g","g-","g-","g-","g+","g+","g+"])
sc("kjx_substitute_range_undo", ":%s over lines is one block", "ab\nab\nab\nab\n",
   [":%s/b/c/",":2,3s/a/d/","u","u","<C-r>","<C-r>"])
sc("kjx_yank_put_branches", "yy/p with branching", T3,
   ["yyp","u","jyyP","u","<C-r>","g-","g-","g+"])
sc("kjx_shift_lines", ">> and << with counts", T3,
   [">>","2>>","u","<lt><lt>","u","u","<C-r>"])
sc("kjx_cw_ce_variants", "cw, ce, cc", T3, ["cwX<Esc>","wceY<Esc>","jccZ<Esc>","u","u","u","g+","g+"])
sc("kjx_append_end_and_home", "A, I, a, i mixes", T3,
   ["A!<Esc>","I#<Esc>","ea+<Esc>","bi-<Esc>","4u","2<C-r>","2g+"])
sc("kjx_backspace_in_insert", "BS in insert is part of the block", T3,
   ["Afoo<BS><BS>x<Esc>","ibar<BS><Esc>","u","u","<C-r>"])
sc("kjx_x_counts_branches", "count x on branches", T3,
   ["5x","u","3x","u","2x","g-","g-","g-","g+"])
sc("kjx_o_on_last_line", "o and O at the ends of the buffer", T3,
   ["Goend<Esc>","ggOstart<Esc>","u","u","<C-r>","<C-r>"])
sc("kjx_dd_last_line_undo", "dd on the last line then undo", T3, ["Gdd","dd","u","u"])
sc("kjx_undojoin_same_line", ":undojoin | x style via normal", T3, ["x",":undojoin | normal x","u"])
sc("kjx_p_after_dd_branches", "dd p with time", T3, ["dd",2,"p",2,"u","P",":earlier 3s",":later 3s"])
sc("kjx_undo_N_current_again", ":undo N twice and then earlier", T3,
   ["x","x",":undo 1",":undo 1",":earlier 1",":later 1"])
sc("kjx_g_minus_at_root_repeated", "g- at the root", T3, ["g-","g-","x","g-","g-","g+","g+"])
sc("kjx_redo_at_newest_after_branch", "CTRL-R at newest after branch", T3, ["x","u","iA<Esc>","<C-r>","u","<C-r>","<C-r>"])
sc("kjx_big_tree_walk", "a 4-way branched tree walked fully", "abcdefgh\n",
   ["x","x","u","u","iA<Esc>","x","u","u","iB<Esc>","x","x","u","iC<Esc>"]+["g-"]*12+["g+"]*12)
sc("kjx_undo_later_from_root", ":later counts from the root", T3,
   ["x","x","x",":undo 0",":later 1",":later 1",":later 5",":earlier 10"])
sc("kjx_multiline_text_changes_messages", "line count messages", "a\nb\nc\nd\ne\nf\n",
   ["3dd","u","<C-r>","2yyP","u","4J","u","<C-r>"])
json.dump({"meta": {"epoch": 1700000000, "timezone": "UTC",
  "generated_by": "run_vim_corpus.py --update (expectations from the real Vim)",
  "about": "kjx's own undo scenarios: deep branches, long time-travel chains, writes, pruning"},
  "scenarios": S}, open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "undo_scenarios.json"), "w"), indent=1)
print(len(S))
