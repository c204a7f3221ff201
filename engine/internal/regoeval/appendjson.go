package regoeval

import (
	"sort"
	"unicode/utf8"

	"github.com/open-policy-agent/opa/v1/ast"
)

// appendJSON writes v as JSONOf does (encoding/json's bytes, '<', '>' and '&' unescaped) without
// going through Go values: a replay writes two results per record, and the detour through
// ast.JSON's maps and encoding/json's reflection was a tenth of the engine's CPU. It takes the
// values a decision usually is (null, booleans, numbers, strings, arrays, objects with string
// keys); anything else (a set, a non-string key, a number that is not JSON) reports false and
// JSONOf takes the general way.
func appendJSON(dst []byte, v ast.Value) ([]byte, bool) {
	switch x := v.(type) {
	case ast.Null:
		return append(dst, "null"...), true
	case ast.Boolean:
		if x {
			return append(dst, "true"...), true
		}
		return append(dst, "false"...), true
	case ast.Number:
		if !isJSONNumber(string(x)) {
			return dst, false
		}
		return append(dst, x...), true
	case ast.String:
		return appendJSONString(dst, string(x)), true
	case *ast.Array:
		dst = append(dst, '[')
		for i := 0; i < x.Len(); i++ {
			if i > 0 {
				dst = append(dst, ',')
			}
			var ok bool
			if dst, ok = appendJSON(dst, x.Elem(i).Value); !ok {
				return dst, false
			}
		}
		return append(dst, ']'), true
	case ast.Object:
		return appendJSONObject(dst, x)
	}
	return dst, false
}

// appendJSONObject writes the members in encoding/json's order for a map: keys sorted by bytes.
func appendJSONObject(dst []byte, o ast.Object) ([]byte, bool) {
	keys := make([]string, 0, o.Len())
	for _, k := range o.Keys() {
		s, ok := k.Value.(ast.String)
		if !ok {
			return dst, false
		}
		keys = append(keys, string(s))
	}
	sort.Strings(keys)
	dst = append(dst, '{')
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, k)
		dst = append(dst, ':')
		var ok bool
		if dst, ok = appendJSON(dst, o.Get(ast.StringTerm(k)).Value); !ok {
			return dst, false
		}
	}
	return append(dst, '}'), true
}

const hexDigits = "0123456789abcdef"

// appendJSONString quotes s as encoding/json does with HTML escaping off: the short escapes,
// \u00XX for other control characters, U+FFFD for invalid UTF-8, and U+2028 and U+2029 escaped.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '"', '\\':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// isJSONNumber reports whether s is a number as RFC 8259 writes it (encoding/json refuses any
// other json.Number).
func isJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return false
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return false
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	return i == len(s)
}
