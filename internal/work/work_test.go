package work

import (
	"strings"
	"testing"
)

func TestMeterStopsPastItsLimit(t *testing.T) {
	m := New(10, "a rule on 3 bytes")
	if e := Guard(func() { m.Add(10) }); e != nil {
		t.Fatalf("stopped at the limit: %v", e)
	}
	e := Guard(func() { m.Add(1); t.Error("work went on past the limit") })
	if e == nil || e.Used != 11 || e.Limit != 10 || !strings.Contains(e.Error(), "a rule on 3 bytes stopped after 11 units") {
		t.Fatalf("stop = %v", e)
	}
	var none *Meter
	none.Add(1 << 40)
	if none.Used() != 0 {
		t.Fatal("a nil meter counted")
	}
}

func TestGuardLetsOtherPanicsThrough(t *testing.T) {
	defer func() {
		p, ok := recover().(*Panic)
		if !ok || p.PanicValue() != "boom" {
			t.Fatalf("recovered %v, want the original panic", p)
		}
		// The stack is where the panic happened, not where Guard passed
		// it on.
		if !strings.Contains(string(p.PanicStack()), "work.explode") {
			t.Fatalf("stack lost the panicking function:\n%s", p.PanicStack())
		}
	}()
	Guard(explode)
	t.Fatal("no panic")
}

func explode() { panic("boom") }

func TestBudgetGrowsWithTheFile(t *testing.T) {
	if Budget(0) != Base || Budget(1000)-Budget(0) != 1000*PerByte {
		t.Fatal(Budget(0), Budget(1000))
	}
}
