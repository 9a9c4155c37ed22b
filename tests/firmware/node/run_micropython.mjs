// Runs Python code under MicroPython's WebAssembly port with the firmware package importable.
// Usage: node run_micropython.mjs FIRMWARE_DIR CODE [FILE...]
// Each FILE is copied to the root of MicroPython's filesystem; CODE runs with "/" on sys.path.
import { readFileSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const [firmwareDir, code, ...files] = process.argv.slice(2);
const mp = await loadMicroPython({
  heapsize: 8 * 1024 * 1024,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
mp.FS.mkdir("/firmware");
for (const name of readdirSync(firmwareDir)) {
  if (name.endsWith(".py")) {
    mp.FS.writeFile(join("/firmware", name), readFileSync(join(firmwareDir, name)));
  }
}
for (const file of files) {
  mp.FS.writeFile(join("/", basename(file)), readFileSync(file));
}
try {
  mp.runPython("import sys\nsys.path.append('/')\n" + code);
} catch (error) {
  process.stderr.write(`MicroPython: ${error.message}\n`);
  process.exit(1);
}
