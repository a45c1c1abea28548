//go:build kjxtiny

package buffer

// Tree shape under the kjxtiny build tag: leaves of 4 to 16 bytes and a
// fan-out of 2 to 4, and child counts saturate at 100 bytes, so a few hundred bytes already make a tree several
// levels deep. See params.go for the meaning of each constant.
const (
	maxLeaf   = 16
	loadLeaf  = 8
	minLeaf   = 4
	maxKids   = 4
	minKids   = 2
	readBlock = 64
	// ixAfter is low so that the property tests query and edit nodes
	// that carry line indexes.
	ixAfter = 1
	// sat is low so that tests reach subtrees whose counts do not fit a
	// child entry, which takes 4 GiB with the normal sizes.
	sat = 100
)
