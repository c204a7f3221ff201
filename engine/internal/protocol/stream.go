package protocol

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"

	"policy-replay/engine/internal/regoeval"
)

// Serve answers newline-delimited requests from r on w until r ends. Responses are buffered and
// flushed whenever no further request is already waiting, so a client that pipelines a batch gets
// few large writes and a client that waits for each answer gets it at once.
func Serve(ctx context.Context, s *Server, r io.Reader, w io.Writer) error {
	in := bufio.NewReaderSize(r, 1<<20)
	out := bufio.NewWriterSize(w, 1<<16)
	for {
		line, readErr := in.ReadBytes('\n')
		if len(trimSpace(line)) > 0 {
			if _, err := out.Write(s.HandleLine(ctx, line)); err != nil {
				return err
			}
			if err := out.WriteByte('\n'); err != nil {
				return err
			}
		}
		if readErr != nil {
			if err := out.Flush(); err != nil {
				return err
			}
			if readErr == io.EOF {
				return nil
			}
			return readErr
		}
		if in.Buffered() == 0 {
			if err := out.Flush(); err != nil {
				return err
			}
		}
	}
}

// HandleLine answers one request line with one response line (without the newline). The stream
// loop and the conformance runner both go through it, so the suite exercises the wire format too.
func (s *Server) HandleLine(ctx context.Context, line []byte) []byte {
	var req Request
	var resp *Response
	if err := regoeval.DecodeJSON(line, &req); err != nil {
		// Without a parsed id the client cannot match this answer; it is written in order anyway.
		resp = &Response{ID: json.RawMessage("null"), Error: &regoeval.Error{Kind: regoeval.KindBadRequest, Message: "request is not a JSON object: " + err.Error()}}
	} else {
		resp = s.Handle(ctx, &req)
	}
	b, err := marshal(resp)
	if err != nil {
		b, _ = marshal(&Response{ID: resp.ID, Error: &regoeval.Error{Kind: regoeval.KindEval, Message: "response not encodable: " + err.Error()}})
	}
	return b
}

// marshal writes '<', '>' and '&' as they are (json.Marshal would escape them, also inside results).
func marshal(resp *Response) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(resp); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r' || b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	return b
}
