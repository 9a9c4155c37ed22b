// An emulated Raspberry Pi Pico (rp2040js) running firmware/dist/flixboard-pico.uf2, wired to a
// simulated board (driven by tests/emulated_pico.py):
//   node harness.mjs UF2 BOOTROM WIRING_JSON USB_FD
// The USB CDC serial's bytes travel over the socket USB_FD (tests/emulated_pico.py bridges it to a
// pty, which it replaces when the chip resets, as the Pico re-enumerates).
// A flat board (Flip 4, Olix) has a "matrix" in its wiring instead of multiplexers: a reed switch
// and a diode per cell, so a row pin driven low (or the decoder's select pins naming that row)
// pulls low the column pins of the cells holding a piece (a stuck reed's cell always, a missing
// reed's never: sim/board.py's faults decide "closed").
// Commands arrive on stdin, one JSON object a line:
//   {"counts": [72 ADC counts]}      what each sensor's output converts to (12 bits)
//   {"closed": [0/1 per cell]}       a flat board: the cells holding a piece
//   {"button": i, "down": true}      a button pin to GND (false: released)
//   {"press": i, "ms": 60}           press button i for 60 emulated ms (then as long released)
//   {"mark": id}                     report {"ev":"mark"} with the emulated time it applied at
//   {"trace": true}                  report the frames the firmware sends (STATE, ACK) and the
//                                    host's bytes the firmware reads, timestamped
//   {"reboot": true}                 reset the chip (the flash keeps what was written)
//   {"adc_stall": true}              the ADC never finishes a conversion (a hung main loop)
//   {"report": id}                   report {"ev":"report"} with counters and times
// Events go to stdout, one JSON object a line; times are emulated nanoseconds at 125 MHz.
// A reset into the ROM's USB bootloader (machine.bootloader(): the bootrom's reset_usb_boot sets
// the watchdog's boot vector to an entry point in the ROM) is reported as {"ev":"bootloader"} and
// ends the emulation: the chip now serves its RPI-RP2 drive, which is not emulated.
import fs from 'node:fs';
import net from 'node:net';
import readline from 'node:readline';
import { BasePeripheral, RP2040, USBCDC } from 'rp2040js';

const [uf2Path, bootromPath, wiringJson, usbFd] = process.argv.slice(2);
const wiring = JSON.parse(wiringJson);
const uf2 = fs.readFileSync(uf2Path);
const bootromBytes = fs.readFileSync(bootromPath);
const bootrom = new Uint32Array(bootromBytes.buffer, bootromBytes.byteOffset, bootromBytes.length / 4);

const FLASH_BASE = 0x10000000;
const UF2_MAGIC = [0x0a324655, 0x9e5d5157, 0x0ab16f30];
const CYCLE_NS = 8; // 125 MHz
const LED_RESET_NS = 50000; // a WS2812B latches after 50 us low
const LED_ONE_NS = 625; // a high pulse longer than this is a 1 bit (0: 400 ns, 1: 800 ns)
const SENSOR_MID = 2048;
const BOOT_VECTOR_MAGIC = 0xb007c0d3; // watchdog scratch 4: scratch 7 holds the entry to boot
const ROM_END = 0x4000;

const emit = (event) => process.stdout.write(JSON.stringify(event) + '\n');
const silent = { debug() {}, info() {}, warn() {}, error: (c, m) => process.stderr.write(`${c}: ${m}\n`) };

/** The flash chip behind the SSI: page program and erase commands, which rp2040js ignores. */
class FlashChip {
  constructor() {
    this.command = [];
    this.replies = [];
  }
  select() {
    this.command = [];
    this.replies = []; // the bootrom drains the SSI's receive FIFO before a command
  }
  byte(value) {
    this.command.push(value & 0xff);
    // One byte back for each byte out (status 0: never busy, so a poll for completion ends at
    // once), at most as many as the SSI's 16-entry receive FIFO holds.
    if (this.replies.length < 16) this.replies.push(0);
  }
  reply() {
    return this.replies.length ? this.replies.shift() : 0;
  }
  deselect(flash) {
    const [op, a2, a1, a0] = this.command;
    const address = (a2 << 16) | (a1 << 8) | a0;
    const erase = { 0x20: 4096, 0x52: 32768, 0xd8: 65536 }[op];
    if (op === 0x02) {
      const page = address & ~0xff;
      this.command.slice(4).forEach((value, i) => {
        flash[page + ((address + i) & 0xff)] &= value;
      });
    } else if (erase) {
      flash.fill(0xff, address & ~(erase - 1), (address & ~(erase - 1)) + erase);
    }
    this.command = [];
  }
}

/** IO_QSPI: only the chip-select override the bootrom's flash routines drive. */
class QspiPads extends BasePeripheral {
  constructor(mcu, chip) {
    super(mcu, 'IO_QSPI');
    this.chip = chip;
    this.flash = mcu.flash;
    this.registers = new Map();
  }
  readUint32(offset) {
    return this.registers.get(offset) ?? 0;
  }
  writeUint32(offset, value) {
    this.registers.set(offset, value);
    if (offset === 0x0c) {
      const override = (value >> 8) & 3;
      if (override === 2) this.chip.select();
      if (override === 3) this.chip.deselect(this.flash);
    }
  }
}

function loadUf2(mcu) {
  for (let at = 0; at + 512 <= uf2.length; at += 512) {
    const word = (i) => uf2.readUInt32LE(at + 4 * i);
    if (word(0) !== UF2_MAGIC[0] || word(1) !== UF2_MAGIC[1] || uf2.readUInt32LE(at + 508) !== UF2_MAGIC[2]) {
      throw new Error(`not a UF2 block at ${at}`);
    }
    const address = word(3);
    const size = word(4);
    mcu.flash.set(uf2.subarray(at + 32, at + 32 + size), address - FLASH_BASE);
  }
}

// The board's side of the wires.
const counts = new Array(wiring.sensors).fill(SENSOR_MID);
const matrix = wiring.matrix ?? null;
const closed = matrix ? new Array(matrix.rows * matrix.col_pins.length).fill(0) : [];
const buttonsDown = new Array(wiring.buttons.length).fill(false);
const presses = []; // queued short presses: [button, ms]
let pressing = null; // the press being held: {button, ms, until}
let releasedUntil = 0;
let adcStall = false;
let trace = false;

// The host's side of USB: its bytes wait here until the firmware reads its endpoint.
const toDevice = [];
const host = new net.Socket({ fd: Number(usbFd), readable: true, writable: true });
host.on('data', (chunk) => {
  for (const byte of chunk) toDevice.push(byte);
  board.deliver();
});
host.on('error', () => {});

let offsetNs = 0; // emulated time before the current boot
let boots = 0;
const stats = { scans: 0, adcReads: 0, txBytes: 0, resets: 0 };

class Board {
  constructor(flash) {
    const mcu = new RP2040();
    mcu.logger = silent;
    mcu.loadBootrom(bootrom);
    if (flash) mcu.flash.set(flash);
    else loadUf2(mcu);
    this.mcu = mcu;
    this.resetPending = null;
    this.chip = new FlashChip();
    this.wireSsi();
    this.wireAdc();
    this.wirePins();
    this.wireUsb();
    const watchdog = mcu.peripherals[0x40058];
    watchdog.onWatchdogTrigger = () => {
      // Stop the timer first: rp2040js would fire its alarm again and again at the same instant.
      watchdog.alarm.enable = false;
      watchdog.timer.enable = false;
      const scratch = watchdog.scratchData;
      const intoRom = scratch[4] === BOOT_VECTOR_MAGIC && (scratch[7] & ~1) < ROM_END;
      if (intoRom) this.resetPending = 'bootloader';
      else this.resetPending = watchdog.reason === 1 ? 'watchdog' : 'software';
    };
    mcu.core.PC = 0x10000000;
    boots += 1;
    emit({ ev: 'boot', n: boots, t: this.now() });
  }

  now() {
    return offsetNs + this.mcu.clock.nanos;
  }

  wireSsi() {
    const { mcu, chip } = this;
    const ssi = mcu.peripherals[0x18000];
    const write = ssi.writeUint32.bind(ssi);
    const read = ssi.readUint32.bind(ssi);
    ssi.writeUint32 = (offset, value) => {
      if (offset === 0x60) chip.byte(value);
      write(offset, value);
    };
    ssi.readUint32 = (offset) => {
      if (offset === 0x60) return chip.reply();
      if (offset === 0x24) return Math.min(chip.replies.length, 16);
      return read(offset);
    };
    mcu.peripherals[0x40018] = new QspiPads(mcu, chip);
  }

  wireAdc() {
    const { mcu } = this;
    const adc = mcu.adc;
    const pins = mcu.gpio;
    adc.onADCRead = (channel) => {
      stats.adcReads += 1;
      if (adcStall) return; // the conversion never completes
      let select = 0;
      wiring.select_pins.forEach((pin, bit) => {
        if (pins[pin].outputValue) select |= 1 << bit;
      });
      const driving = wiring.muxes.filter(
        (mux) => mux.adc_channel === channel && (mux.enable < 0 || !pins[mux.enable].outputValue),
      );
      let value = SENSOR_MID;
      if (driving.length === 1 && driving[0].sensors[select] >= 0) value = counts[driving[0].sensors[select]];
      const alarm = mcu.clock.createAlarm(() => adc.completeADCRead(value, false));
      alarm.schedule(adc.sampleTime * 1000);
    };
  }

  wirePins() {
    const { mcu } = this;
    wiring.buttons.forEach((pin, i) => mcu.gpio[pin].setInputValue(!buttonsDown[i]));
    if (matrix) this.wireMatrix();
    // One full scan enables the first multiplexer group once.
    const first = wiring.muxes.find((mux) => mux.enable >= 0);
    let enabled = false;
    if (first) {
      mcu.gpio[first.enable].addListener(() => {
        const low = !mcu.gpio[first.enable].outputValue;
        if (low && !enabled) stats.scans += 1;
        enabled = low;
      });
    }
    this.led = { bits: [], rise: 0, high: false, start: 0, end: 0 };
    const led = this.led;
    const pin = mcu.gpio[wiring.neopixel];
    pin.addListener(() => {
      const t = this.now();
      const high = pin.outputValue;
      if (high === led.high) return;
      led.high = high;
      if (high) {
        if (led.bits.length && t - led.end > LED_RESET_NS) this.flushLeds();
        if (!led.bits.length) led.start = t;
        led.rise = t;
      } else {
        led.bits.push(t - led.rise > LED_ONE_NS ? 1 : 0);
        led.end = t;
      }
    });
  }

  /** The rows driven low now: each row pin driven low, or the row the decoder's pins select. */
  drivenRows() {
    const gpio = this.mcu.gpio;
    const driven = (pin) => gpio[pin].outputEnable && !gpio[pin].outputValue;
    if (matrix.row_pins.length) return matrix.row_pins.flatMap((pin, row) => (driven(pin) ? [row] : []));
    let row = 0;
    matrix.decoder_pins.forEach((pin, bit) => {
      if (gpio[pin].outputValue) row |= 1 << bit;
    });
    return row < matrix.rows && matrix.decoder_pins.every((pin) => gpio[pin].outputEnable) ? [row] : [];
  }

  /** Every column pin: low while a driven row holds a piece in that column. */
  settleColumns() {
    const rows = this.drivenRows();
    const width = matrix.col_pins.length;
    matrix.col_pins.forEach((pin, col) => {
      const low = rows.some((row) => closed[row * width + col]);
      this.mcu.gpio[pin].setInputValue(!low);
    });
    // One full scan selects the last row once (the first may also show for an instant while
    // the decoder's select pins change one by one, say from row 7 to row 8).
    const last = rows.length === 1 && rows[0] === matrix.rows - 1;
    if (last && !this.lastRow) stats.scans += 1;
    this.lastRow = last;
  }

  wireMatrix() {
    this.lastRow = false;
    for (const pin of [...matrix.row_pins, ...matrix.decoder_pins]) {
      this.mcu.gpio[pin].addListener(() => this.settleColumns());
    }
    this.settleColumns();
  }

  flushLeds() {
    const { bits, start, end } = this.led;
    const bytes = [];
    for (let i = 0; i + 8 <= bits.length; i += 8) {
      bytes.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0));
    }
    emit({ ev: 'leds', start, end, wire: Buffer.from(bytes).toString('hex'), bits: bits.length });
    this.led.bits = [];
  }

  wireUsb() {
    const cdc = new USBCDC(this.mcu.usbCtrl);
    this.cdc = cdc;
    this.pendingRead = null;
    this.stateFrames = [];
    cdc.onDeviceConnected = () => emit({ ev: 'usb', t: this.now() });
    cdc.onSerialData = (data) => {
      stats.txBytes += data.length;
      host.write(Buffer.from(data));
      if (trace) this.traceFrames(data);
    };
    const usb = this.mcu.usbCtrl;
    usb.onEndpointRead = (endpoint, size) => {
      if (endpoint !== cdc.outEndpoint) return;
      this.pendingRead = size;
      this.deliver();
    };
  }

  deliver() {
    if (this.pendingRead === null || !toDevice.length) return;
    const chunk = Uint8Array.from(toDevice.splice(0, this.pendingRead));
    this.pendingRead = null;
    if (trace) emit({ ev: 'read', t: this.now(), n: chunk.length });
    this.mcu.usbCtrl.endpointReadDone(this.cdc.outEndpoint, chunk);
  }

  traceFrames(data) {
    const t = this.now();
    for (const byte of data) {
      if (byte !== 0) {
        this.stateFrames.push(byte);
        continue;
      }
      const payload = cobsDecode(this.stateFrames);
      this.stateFrames = [];
      const kind = payload ? { 0x82: 'ack', 0x83: 'state' }[payload[0]] : undefined;
      if (kind) emit({ ev: kind, t, body: Buffer.from(payload.slice(2, -2)).toString('hex') });
    }
  }

  /** Short presses in emulated time: down for their ``ms``, then up as long. */
  fingers() {
    const now = this.now();
    if (pressing && now >= pressing.until) {
      this.setButton(pressing.button, false);
      releasedUntil = now + pressing.ms * 1e6;
      pressing = null;
    }
    if (!pressing && presses.length && now >= releasedUntil) {
      const [button, ms] = presses.shift();
      pressing = { button, ms, until: now + ms * 1e6 };
      this.setButton(button, true);
    }
  }

  setButton(index, down) {
    buttonsDown[index] = down;
    this.mcu.gpio[wiring.buttons[index]].setInputValue(!down);
  }

  /** Run about ``cycles`` cycles; false when the chip reset (a new Board takes over). */
  run(cycles) {
    const { mcu } = this;
    const { core, clock } = mcu;
    let done = 0;
    while (done < cycles) {
      if (core.waiting) {
        const wait = clock.nanosToNextAlarm || 1000;
        clock.tick(wait);
        done += wait / CYCLE_NS;
      } else {
        const used = core.executeInstruction();
        clock.tick(used * CYCLE_NS);
        done += used;
      }
      if (this.resetPending) return false;
    }
    this.fingers();
    const led = this.led;
    if (led.bits.length && !led.high && this.now() - led.end > LED_RESET_NS) this.flushLeds();
    return true;
  }
}

function cobsDecode(bytes) {
  const out = [];
  let i = 0;
  while (i < bytes.length) {
    const code = bytes[i];
    if (code === 0 || i + code > bytes.length) return null;
    for (let j = 1; j < code; j++) out.push(bytes[i + j]);
    i += code;
    if (code < 0xff && i < bytes.length) out.push(0);
  }
  return out.length >= 4 ? out : null;
}

let board = new Board(null);
let inBootloader = false;

function reboot(reason) {
  if (reason === 'bootloader') {
    inBootloader = true;
    emit({ ev: 'bootloader', t: board.now(), entry: board.mcu.peripherals[0x40058].scratchData[7] });
    return;
  }
  const flash = board.mcu.flash;
  offsetNs = board.now();
  stats.resets += 1;
  adcStall = false;
  toDevice.length = 0; // the host's unread bytes are lost with the USB connection
  emit({ ev: 'reset', reason, t: offsetNs });
  board = new Board(flash);
}

const input = readline.createInterface({ input: process.stdin });
input.on('line', (line) => {
  if (!line.trim()) return;
  const command = JSON.parse(line);
  if (command.counts) command.counts.forEach((value, i) => (counts[i] = value));
  if (command.closed) {
    command.closed.forEach((value, i) => (closed[i] = value));
    board.settleColumns();
  }
  if (command.button !== undefined) board.setButton(command.button, command.down);
  if (command.press !== undefined) presses.push([command.press, command.ms]);
  if (command.trace !== undefined) trace = command.trace;
  if (command.adc_stall !== undefined) adcStall = command.adc_stall;
  if (command.reboot) board.resetPending = 'command';
  if (command.mark !== undefined) emit({ ev: 'mark', id: command.mark, t: board.now() });
  if (command.report !== undefined) {
    emit({ ev: 'report', id: command.report, t: board.now(), boots, ...stats });
  }
});
input.on('close', () => process.exit(0));

function loop() {
  if (!board.run(200000)) reboot(board.resetPending);
  if (!inBootloader) setImmediate(loop);
}
loop();
