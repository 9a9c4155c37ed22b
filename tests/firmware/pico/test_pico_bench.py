"""The emulated Pico's bench probe reports every figure (a quick run; the figures themselves are
the bench's to judge against their targets, never a test's)."""

from __future__ import annotations

import pytest

from bench import bench_pico


def test_the_pico_bench_probe_reports_every_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_pico, "SCAN_WINDOW_NS", 500_000_000)
    monkeypatch.setattr(bench_pico, "LATENCY_ROUNDS", 4)
    monkeypatch.setattr(bench_pico, "LED_FRAMES", 2)
    monkeypatch.setattr(bench_pico, "HEAP_PASSES", 60)
    figures = bench_pico.measure()
    assert set(figures) == {
        "pico_scan_hz",
        "pico_scan_hz_firmware",
        "pico_latency_ms_p50",
        "pico_latency_ms_p99",
        "pico_led_write_ms",
        "pico_led_wire_ms",
        "pico_heap_free_kb",
        "pico_heap_total_kb",
        "pico_heap_leak_bytes",
        "pico_gc_collections",
        "pico_gc_pause_ms_max",
        "pico_pass_ms_p50",
        "pico_pass_ms_max",
        "pico_scan_ms",
        "pico_classify_ms",
        "pico_led_show_ms",
        "pico_deframe_led_ms",
        "pico_encode_state_ms",
        "pico_buttons_ms",
        "pico_usb_read_ms",
        "pico_olix_scan_hz",
        "pico_olix_scan_hz_firmware",
    }
    assert figures["pico_scan_hz"] > 0 and figures["pico_latency_ms_p50"] > 0
    assert figures["pico_olix_scan_hz"] > 0
    # 72 pixels of 24 bits at 800 kHz: the wire time is physics, whatever the firmware does.
    assert 2.0 < figures["pico_led_wire_ms"] < 2.6
    assert 0 < figures["pico_heap_free_kb"] < figures["pico_heap_total_kb"]
