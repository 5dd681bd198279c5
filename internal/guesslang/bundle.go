package guesslang

// Reading TensorFlow's checkpoint format without TensorFlow. A checkpoint
// is a tensor bundle: variables.index is a LevelDB table (sorted keys,
// prefix-compressed blocks, each with a masked CRC-32C trailer) mapping
// each variable name to a BundleEntryProto (dtype, shape, shard, offset,
// size, masked CRC-32C of the tensor's bytes); the bytes themselves lie
// in variables.data-00000-of-00001. Every checksum the format carries is
// verified, so a flipped or missing byte is a load error.

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
)

// tableMagic ends every LevelDB table (little-endian in the footer).
const tableMagic = 0xdb4775248b80fb57

const footerLen = 48 // two block handles padded to 40 bytes, then the magic

// TensorFlow DataType values used by the checkpoint.
const (
	dtFloat = 1
	dtInt64 = 9
)

// bundleEntry is one variable's BundleEntryProto.
type bundleEntry struct {
	dtype   int
	shape   []int
	shard   int
	offset  int64
	size    int64
	crc32c  uint32 // masked
	hasCRC  bool
	slices  bool // a partitioned variable (not supported)
	rawSize int  // bytes of the encoded proto, for error messages
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// maskedCRC is LevelDB's and TensorFlow's crc32c::Mask of the CRC-32C of b.
func maskedCRC(parts ...[]byte) uint32 {
	var c uint32
	for _, p := range parts {
		c = crc32.Update(c, castagnoli, p)
	}
	return (c>>15 | c<<17) + 0xa282ead8
}

// readIndex parses a tensor bundle index into name -> entry. The empty
// key (the bundle header) is checked for a single little-endian shard.
func readIndex(b []byte) (map[string]bundleEntry, error) {
	if len(b) < footerLen {
		return nil, fmt.Errorf("index is %d bytes, shorter than a table footer (%d)", len(b), footerLen)
	}
	foot := b[len(b)-footerLen:]
	if m := binary.LittleEndian.Uint64(foot[40:]); m != tableMagic {
		return nil, fmt.Errorf("index does not end with the table magic number (got %#x): truncated or not a tensor bundle index", m)
	}
	meta, n1, err := readHandle(foot)
	if err != nil {
		return nil, fmt.Errorf("index footer: metaindex handle: %w", err)
	}
	idx, n2, err := readHandle(foot[n1:])
	if err != nil {
		return nil, fmt.Errorf("index footer: index handle: %w", err)
	}
	for _, c := range foot[n1+n2 : 40] {
		if c != 0 {
			return nil, errors.New("index footer: padding is not zero")
		}
	}
	// The metaindex block holds no entries in a tensor bundle, but its
	// checksum guards its bytes like any other block's.
	metaBlock, err := readBlock(b[:len(b)-footerLen], meta)
	if err != nil {
		return nil, fmt.Errorf("metaindex block: %w", err)
	}
	if err := blockEntries(metaBlock, func(k string, _ []byte) error {
		return fmt.Errorf("metaindex entry %q: a tensor bundle has none", k)
	}); err != nil {
		return nil, err
	}
	indexBlock, err := readBlock(b[:len(b)-footerLen], idx)
	if err != nil {
		return nil, fmt.Errorf("index block: %w", err)
	}
	entries := map[string]bundleEntry{}
	headerSeen := false
	err = blockEntries(indexBlock, func(_ string, v []byte) error {
		h, _, err := readHandle(v)
		if err != nil {
			return fmt.Errorf("data block handle: %w", err)
		}
		data, err := readBlock(b[:len(b)-footerLen], h)
		if err != nil {
			return fmt.Errorf("data block at %d: %w", h.offset, err)
		}
		return blockEntries(data, func(k string, v []byte) error {
			if k == "" {
				headerSeen = true
				return checkHeader(v)
			}
			e, err := parseEntry(v)
			if err != nil {
				return fmt.Errorf("entry %q: %w", k, err)
			}
			if _, dup := entries[k]; dup {
				return fmt.Errorf("entry %q appears twice", k)
			}
			entries[k] = e
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	if !headerSeen {
		return nil, errors.New("index has no bundle header entry")
	}
	return entries, nil
}

type blockHandle struct{ offset, size uint64 }

func readHandle(b []byte) (blockHandle, int, error) {
	off, n1 := canonicalUvarint(b)
	if n1 <= 0 {
		return blockHandle{}, 0, errors.New("bad varint")
	}
	size, n2 := canonicalUvarint(b[n1:])
	if n2 <= 0 {
		return blockHandle{}, 0, errors.New("bad varint")
	}
	return blockHandle{off, size}, n1 + n2, nil
}

// canonicalUvarint is binary.Uvarint refusing padded encodings (a last
// byte of zero), which LevelDB never writes.
func canonicalUvarint(b []byte) (uint64, int) {
	v, n := binary.Uvarint(b)
	if n > 1 && b[n-1] == 0 {
		return 0, -1
	}
	return v, n
}

// readBlock returns a block's contents after checking its trailer: an
// uncompressed type byte and the masked CRC-32C of contents and type.
func readBlock(file []byte, h blockHandle) ([]byte, error) {
	end := h.offset + h.size + 5
	if h.offset > uint64(len(file)) || end > uint64(len(file)) || end < h.offset {
		return nil, fmt.Errorf("block [%d, +%d) lies outside the %d-byte file", h.offset, h.size+5, len(file))
	}
	contents := file[h.offset : h.offset+h.size]
	trailer := file[h.offset+h.size : end]
	if trailer[0] != 0 {
		return nil, fmt.Errorf("block compression type %d: only uncompressed blocks (0) are expected", trailer[0])
	}
	if got, want := maskedCRC(contents, trailer[:1]), binary.LittleEndian.Uint32(trailer[1:]); got != want {
		return nil, fmt.Errorf("block checksum %#08x, expected %#08x: the index is corrupt", got, want)
	}
	return contents, nil
}

// blockEntries calls fn for each key/value of a block, undoing the
// prefix compression of keys.
func blockEntries(block []byte, fn func(key string, value []byte) error) error {
	if len(block) < 4 {
		return errors.New("block shorter than its restart count")
	}
	restarts := int(binary.LittleEndian.Uint32(block[len(block)-4:]))
	limit := len(block) - 4 - 4*restarts
	if restarts < 1 || limit < 0 {
		return fmt.Errorf("block with %d restarts does not fit its %d bytes", restarts, len(block))
	}
	var key []byte
	for p := 0; p < limit; {
		var vals [3]uint64
		for i := range vals {
			v, n := binary.Uvarint(block[p:limit])
			if n <= 0 {
				return fmt.Errorf("bad entry header at byte %d", p)
			}
			vals[i] = v
			p += n
		}
		shared, unshared, vlen := vals[0], vals[1], vals[2]
		if shared > uint64(len(key)) || unshared > uint64(limit-p) || vlen > uint64(limit-p)-unshared {
			return fmt.Errorf("entry at byte %d runs past its block", p)
		}
		key = append(key[:shared], block[p:p+int(unshared)]...)
		p += int(unshared)
		if err := fn(string(key), block[p:p+int(vlen)]); err != nil {
			return err
		}
		p += int(vlen)
	}
	return nil
}

// checkHeader reads BundleHeaderProto: num_shards (1), endianness (2,
// 0 = little) and the version (3).
func checkHeader(b []byte) error {
	shards, endian := int64(1), int64(0)
	err := protoFields(b, func(field int, v uint64, _ []byte) error {
		switch field {
		case 1:
			shards = int64(v)
		case 2:
			endian = int64(v)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("bundle header: %w", err)
	}
	if shards != 1 || endian != 0 {
		return fmt.Errorf("bundle header: %d shard(s), endianness %d; expected one little-endian shard", shards, endian)
	}
	return nil
}

func parseEntry(b []byte) (bundleEntry, error) {
	e := bundleEntry{rawSize: len(b)}
	err := protoFields(b, func(field int, v uint64, sub []byte) error {
		switch field {
		case 1:
			e.dtype = int(v)
		case 2:
			return protoFields(sub, func(f int, _ uint64, dim []byte) error {
				if f != 2 {
					return nil
				}
				size := int64(0)
				err := protoFields(dim, func(f int, v uint64, _ []byte) error {
					if f == 1 {
						size = int64(v)
					}
					return nil
				})
				if err != nil {
					return err
				}
				if size < 0 || size > 1<<31 {
					return fmt.Errorf("dimension %d out of range", size)
				}
				e.shape = append(e.shape, int(size))
				return nil
			})
		case 3:
			e.shard = int(v)
		case 4:
			e.offset = int64(v)
		case 5:
			e.size = int64(v)
		case 6:
			e.crc32c, e.hasCRC = uint32(v), true
		case 7:
			e.slices = true
		}
		return nil
	})
	return e, err
}

// protoFields walks a protobuf message's top-level fields: varint and
// fixed32/fixed64 fields pass their value, length-delimited ones their
// bytes.
func protoFields(b []byte, fn func(field int, v uint64, sub []byte) error) error {
	for p := 0; p < len(b); {
		tag, n := binary.Uvarint(b[p:])
		if n <= 0 {
			return fmt.Errorf("bad field tag at byte %d", p)
		}
		p += n
		field := int(tag >> 3)
		var v uint64
		var sub []byte
		switch tag & 7 {
		case 0:
			v, n = binary.Uvarint(b[p:])
			if n <= 0 {
				return fmt.Errorf("field %d: bad varint", field)
			}
			p += n
		case 1:
			if len(b)-p < 8 {
				return fmt.Errorf("field %d: truncated fixed64", field)
			}
			v = binary.LittleEndian.Uint64(b[p:])
			p += 8
		case 2:
			l, n := binary.Uvarint(b[p:])
			if n <= 0 || l > uint64(len(b)-p-n) {
				return fmt.Errorf("field %d: bad length", field)
			}
			p += n
			sub = b[p : p+int(l)]
			p += int(l)
		case 5:
			if len(b)-p < 4 {
				return fmt.Errorf("field %d: truncated fixed32", field)
			}
			v = uint64(binary.LittleEndian.Uint32(b[p:]))
			p += 4
		default:
			return fmt.Errorf("field %d: unsupported wire type %d", field, tag&7)
		}
		if err := fn(field, v, sub); err != nil {
			return err
		}
	}
	return nil
}
