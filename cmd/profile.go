package cmd

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
)

// startProfiles starts the CPU profile of --cpu-profile and creates the
// file of --mem-profile, if any. The
// profiles are for measuring hrag itself (see scripts/bench); they are
// hidden flags.
func (f *Factory) startProfiles() error {
	if f.MemProfile != "" { // fail now, not after the work
		out, err := os.Create(f.MemProfile)
		if err != nil {
			return fmt.Errorf("--mem-profile: %w", err)
		}
		f.memProfile = out
	}
	if f.CPUProfile == "" {
		return nil
	}
	out, err := os.Create(f.CPUProfile)
	if err != nil {
		return fmt.Errorf("--cpu-profile: %w", err)
	}
	if err := pprof.StartCPUProfile(out); err != nil {
		out.Close()
		return fmt.Errorf("--cpu-profile %s: %w", f.CPUProfile, err)
	}
	f.cpuProfile = out
	return nil
}

// stopProfiles stops the CPU profile and writes the heap profile of
// --mem-profile, if any.
func (f *Factory) stopProfiles() error {
	if f.cpuProfile != nil {
		pprof.StopCPUProfile()
		if err := f.cpuProfile.Close(); err != nil {
			return fmt.Errorf("--cpu-profile: %w", err)
		}
		f.cpuProfile = nil
	}
	out := f.memProfile
	if out == nil {
		return nil
	}
	f.memProfile = nil
	defer out.Close()
	runtime.GC()
	if err := pprof.Lookup("allocs").WriteTo(out, 0); err != nil {
		return fmt.Errorf("--mem-profile %s: %w", f.MemProfile, err)
	}
	return nil
}
