package protocol

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sync"

	"policy-replay/engine/internal/regoeval"
)

// evalSidesPrefix starts every eval_sides line the client writes: such a line is an evaluation
// whatever else it holds, so it goes to a worker undecoded.
var evalSidesPrefix = []byte(`{"op":"eval_sides",`)

// maxQueued bounds the requests read ahead of their answers: beyond it the engine stops reading
// stdin, and the client's writes wait (backpressure instead of unbounded memory).
const maxQueued = 4096

// Serve answers newline-delimited requests from r on w until r ends, each answer in its request's
// place. Evaluations (eval, partial) and rules run concurrently on up to GOMAXPROCS goroutines:
// they only read the compiled sides (rules reads none). Any other request (load) first waits for every earlier evaluation, so
// it never changes a side under one, and later evaluations see its result.
//
// Answers are buffered and flushed whenever the writer would otherwise wait, so a client that
// pipelines a batch gets few large writes and a client that waits for each answer gets it at once.
func Serve(ctx context.Context, s *Server, r io.Reader, w io.Writer) error {
	in := bufio.NewReaderSize(r, 1<<20)
	slots := make(chan chan []byte, maxQueued)
	written := make(chan error, 1)
	go func() { written <- writeInOrder(w, slots) }()

	// Long-lived workers rather than a goroutine per request: OPA's evaluator recurses deeply, and
	// a new goroutine's stack would grow by copying on every request (a quarter of the CPU).
	type job struct {
		req *Request
		// line: an eval_sides request still to be decoded, which the worker does (decoding the
		// input and the recorded results is a fifth of an evaluation's CPU: not on the reader).
		line []byte
		slot chan []byte
	}
	jobs := make(chan job)
	var running sync.WaitGroup
	for i := 0; i < runtime.GOMAXPROCS(0); i++ {
		go func() {
			for j := range jobs {
				req := j.req
				if req == nil {
					var bad *Response
					if req, bad = decodeRequest(j.line); bad != nil {
						j.slot <- encode(bad)
						running.Done()
						continue
					}
				}
				j.slot <- encode(s.Handle(ctx, req))
				running.Done()
			}
		}()
	}
	defer close(jobs)
	var readErr error
	for readErr == nil {
		var line []byte
		line, readErr = in.ReadBytes('\n')
		if len(trimSpace(line)) == 0 {
			continue
		}
		slot := make(chan []byte, 1)
		slots <- slot
		if bytes.HasPrefix(line, evalSidesPrefix) {
			running.Add(1)
			jobs <- job{line: line, slot: slot}
			continue
		}
		req, bad := decodeRequest(line)
		switch {
		case bad != nil:
			slot <- encode(bad)
		case req.Op == "eval" || req.Op == "eval_sides" || req.Op == "partial" || req.Op == "rules":
			running.Add(1)
			jobs <- job{req: req, slot: slot}
		default:
			running.Wait()
			slot <- encode(s.Handle(ctx, req))
		}
	}
	close(slots)
	err := <-written
	if readErr != io.EOF {
		return readErr
	}
	return err
}

// writeInOrder writes each slot's answer as it becomes ready, in slot order. After a write error
// it keeps draining the slots so that the reader and the workers never block on it.
func writeInOrder(w io.Writer, slots <-chan chan []byte) error {
	out := bufio.NewWriterSize(w, 1<<16)
	var failed error
	for slot := range slots {
		var answer []byte
		select {
		case answer = <-slot:
		default:
			// The next answer is not ready: deliver what is, rather than hold it behind a slow one.
			if failed == nil {
				failed = out.Flush()
			}
			answer = <-slot
		}
		if failed != nil {
			continue
		}
		if _, err := out.Write(answer); err != nil {
			failed = err
			continue
		}
		failed = out.WriteByte('\n')
		if failed == nil && len(slots) == 0 {
			failed = out.Flush()
		}
	}
	if failed != nil {
		return failed
	}
	return out.Flush()
}

// HandleLine answers one request line with one response line (without the newline). The
// conformance runner goes through it, so the suite exercises the wire format too; Serve uses the
// same two halves (decodeRequest, Handle) with evaluations in parallel.
func (s *Server) HandleLine(ctx context.Context, line []byte) []byte {
	req, bad := decodeRequest(line)
	if bad != nil {
		return encode(bad)
	}
	return encode(s.Handle(ctx, req))
}

// decodeRequest parses a line; a line that is not a request is answered at once.
func decodeRequest(line []byte) (*Request, *Response) {
	if fast := regoeval.ParseFastEval(line); fast.OK {
		return &Request{ID: fast.ID, Op: "eval_sides", Sides: fast.Sides, TimeoutMillis: fast.Timeout, StrictBuiltinErrors: fast.Strict, fast: &fast}, nil
	}
	return decodeGeneral(line)
}

// decodeGeneral reads any request with encoding/json, wording every error.
func decodeGeneral(line []byte) (*Request, *Response) {
	var req Request
	if err := regoeval.DecodeJSON(line, &req); err != nil {
		// Without a parsed id the client cannot match this answer; it is written in order anyway.
		return nil, &Response{ID: json.RawMessage("null"), Error: &regoeval.Error{Kind: regoeval.KindBadRequest, Message: "request is not a JSON object: " + err.Error()}}
	}
	return &req, nil
}

func encode(resp *Response) []byte {
	if b, ok := encodeAnswers(resp); ok {
		return b
	}
	b, err := marshal(resp)
	if err != nil {
		b, _ = marshal(&Response{ID: resp.ID, Error: &regoeval.Error{Kind: regoeval.KindEval, Message: "response not encodable: " + err.Error()}})
	}
	return b
}

// encodeAnswers writes an eval_sides answer whose sides all answered (the replay's every record)
// without reflection, as marshal would: its results are already compact JSON (regoeval.JSONOf).
// Any other response, or one with a side's error, reports false.
func encodeAnswers(resp *Response) ([]byte, bool) {
	if len(resp.Answers) == 0 || resp.Error != nil || !resp.OK || resp.OPA != "" || resp.Sides != nil ||
		resp.Defined != nil || resp.Result != nil || resp.Results != nil || resp.Decided != nil ||
		resp.Residual != nil || resp.Reads != nil || resp.WholeInput != nil || resp.DataReads != nil ||
		resp.RuleSet != nil || resp.NondeterministicBuiltins != nil || len(resp.ID) == 0 {
		return nil, false
	}
	size := len(resp.ID) + 32
	for _, a := range resp.Answers {
		if a.Error != nil || a.Defined == nil || (*a.Defined && a.Result == nil) {
			return nil, false
		}
		size += len(a.Result) + 32
	}
	b := make([]byte, 0, size)
	b = append(b, `{"id":`...)
	b = append(b, resp.ID...)
	b = append(b, `,"ok":true,"answers":[`...)
	for i, a := range resp.Answers {
		if i > 0 {
			b = append(b, ',')
		}
		if !*a.Defined {
			b = append(b, `{"defined":false}`...)
			continue
		}
		b = append(b, `{"defined":true,"result":`...)
		b = append(b, a.Result...)
		b = append(b, '}')
	}
	return append(b, ']', '}'), true
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

// recovered turns a panic inside OPA into the request's error: the sides are read-only during an
// evaluation, so the process can go on answering.
func recovered(resp **Response) {
	if r := recover(); r != nil {
		*resp = &Response{Error: &regoeval.Error{Kind: regoeval.KindEval, Message: fmt.Sprintf("internal error: %v", r)}}
	}
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r' || b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	return b
}
