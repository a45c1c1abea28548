package main

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// exitSignals are the signals after which kjx writes every history
// (and the recovery data of buffers never written) and exits: the
// terminal was closed (SIGHUP), the process was asked to end (SIGTERM),
// or CTRL-\ (SIGQUIT). SIGINT is not among them: it stays Vim's CTRL-C.
var exitSignals = []os.Signal{syscall.SIGHUP, syscall.SIGTERM, syscall.SIGQUIT}

// signalExit turns the first of exitSignals into a cancelled context:
// the session's Run then writes the undo files and returns, the UI
// restores the terminal, and the caller exits with Status.
type signalExit struct {
	ch   chan os.Signal
	done chan struct{}
	mu   sync.Mutex
	got  os.Signal
}

// catchExitSignals starts listening for exitSignals; the first one
// cancels the returned context. Stop ends the listening.
func catchExitSignals(parent context.Context) (context.Context, *signalExit) {
	ctx, cancel := context.WithCancel(parent)
	s := &signalExit{ch: make(chan os.Signal, 1), done: make(chan struct{})}
	signal.Notify(s.ch, exitSignals...)
	go func() {
		defer cancel()
		select {
		case sig := <-s.ch:
			s.mu.Lock()
			s.got = sig
			s.mu.Unlock()
		case <-s.done:
		}
	}()
	return ctx, s
}

// Stop stops listening. A signal that arrives afterwards kills the
// process as if kjx had no handler, which is right once everything is
// written.
func (s *signalExit) Stop() {
	signal.Stop(s.ch)
	select {
	case <-s.done:
	default:
		close(s.done)
	}
}

// Status is the exit status for the signal received, 128 plus its
// number as a shell reports it, and whether one was received.
func (s *signalExit) Status() (int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sig, ok := s.got.(syscall.Signal); ok {
		return 128 + int(sig), true
	}
	return 0, false
}
