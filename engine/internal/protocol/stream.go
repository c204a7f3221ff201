package protocol

import (
	"bufio"
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
			if err := writeLine(out, answer(ctx, s, line)); err != nil {
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

func answer(ctx context.Context, s *Server, line []byte) *Response {
	var req Request
	if err := regoeval.DecodeJSON(line, &req); err != nil {
		// Without a parsed id the client cannot match this answer; it is written in order anyway.
		return &Response{ID: json.RawMessage("null"), Error: &regoeval.Error{Kind: regoeval.KindBadRequest, Message: "request is not a JSON object: " + err.Error()}}
	}
	return s.Handle(ctx, &req)
}

func writeLine(out *bufio.Writer, resp *Response) error {
	b, err := json.Marshal(resp)
	if err != nil {
		b, _ = json.Marshal(&Response{ID: resp.ID, Error: &regoeval.Error{Kind: regoeval.KindEval, Message: "response not encodable: " + err.Error()}})
	}
	if _, err := out.Write(b); err != nil {
		return err
	}
	return out.WriteByte('\n')
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r' || b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	return b
}
