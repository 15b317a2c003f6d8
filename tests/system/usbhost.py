# SPDX-License-Identifier: GPL-2.0-or-later
"""The "PC" of the USB tests (issue #25, docs/usb.md): Debian's x86_64
kernel and USB host tools (tools/mkusbhost.sh) under Debian's
qemu-system-x86_64, with an xHCI controller and, given a unix socket, a
usb-redir device that connects to it (the simulator's `--usb unix:PATH`
listens there).

    reason = usbhost.unavailable()       # None, or why there is no guest
    with usbhost.UsbHost(sock=PATH) as pc:     # boots to the shell
        status, out = pc.run("lsusb", timeout=20)
        line = pc.wait_device("0451:d00e", timeout=20)
        pc.boot_seconds                  # host seconds to the shell
        pc.text()                        # the whole console so far

QEMU runs in its own session (its own process group, no controlling
terminal), stdin and stdout on pipes; close() (the end of the with block)
kills that group. Every wait is bounded.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "build", "usbhost")
sys.path.insert(0, os.path.join(ROOT, "tools"))
QEMU = "qemu-system-x86_64"
PROMPT = b"usbhost:/# "
# panic=-1 with -no-reboot: a panicking guest ends QEMU at once instead of
# a test waiting for its timeout.
APPEND = "console=ttyS0 panic=-1"

# What the KVM probe found, kept for the rest of the process: on the VM
# this was written on, /dev/kvm opens but QEMU 7.2's guest never runs (the
# hypervisor below refuses MSR 0x10a with -cpu host; with the default CPU
# nothing is printed), so "auto" tries KVM once, bounded, and falls back
# to TCG. A probe that had a usb-redir peer leaves it a closed connection,
# as any QEMU that ends does.
_kvm_works = None
KVM_PROBE_S = 5


def unavailable():
    """None when a guest can be started; else the reason (for pytest.skip).
    The guest is what `make check` (or `make usbhost`) left in build/usbhost:
    tests build nothing; a guest that could not be made (its packages are
    downloaded) is a reason to skip, given in build/mkusbhost.log."""
    if not shutil.which(QEMU):
        return QEMU + " not installed (apt-get install qemu-system-x86; tools/install-deps.sh)"
    for f in ("vmlinuz", "initrd.img"):
        if not os.path.exists(os.path.join(OUT, f)):
            why = ""
            log = os.path.join(ROOT, "build", "mkusbhost.log")
            if os.path.exists(log):
                with open(log, errors="replace") as lf:
                    lines = lf.read().strip().splitlines()
                why = ": " + lines[-1] if lines else ""
            return "no USB host guest: build/usbhost/%s missing (make usbhost)%s" % (f, why)
    return None


def kvm_usable():
    return os.access("/dev/kvm", os.R_OK | os.W_OK)


class UsbHost:
    """One guest. sock: the usbredir unix socket to connect a usb-redir
    device to (None: only the xHCI controller). reconnect: seconds between
    QEMU's attempts to connect while nothing listens there or after the
    peer went away (0: connect once at start, and QEMU exits if nothing
    listens). accel: "kvm", "tcg" or "auto" (the environment variable
    USBHOST_ACCEL overrides it). boot_timeout: seconds to the shell."""

    # TCG unless asked: the KVM probe costs 5 s per pytest worker on the
    # machines this runs on (see _kvm_works), and TCG boots in 3-6 s.
    def __init__(self, sock=None, reconnect=1, accel="tcg", mem=256, boot_timeout=60,
                 append="", extra=(), files=None):
        self.sock, self.reconnect, self.mem = sock, reconnect, mem
        self.files = dict(files or {})    # guest path -> host file
        self.tmp = None
        self.append, self.extra = (APPEND + " " + append).strip(), list(extra)
        self.accel = os.environ.get("USBHOST_ACCEL", accel)
        self.boot_timeout = boot_timeout
        self.proc, self.buf, self.seq = None, bytearray(), 0
        self.boot_seconds = None

    # ---------------------------------------------------------------- process

    def command(self, accel):
        # the decompressed kernel through its PVH entry where mkusbhost.sh
        # made one: TCG spends 2.8 s unpacking the bzImage's xz otherwise
        kernel = os.path.join(OUT, "vmlinux")
        if not os.path.exists(kernel):
            kernel = os.path.join(OUT, "vmlinuz")
        initrd = os.path.join(OUT, "initrd.img")
        if self.files:
            initrd = self._initrd_with_files(initrd)
        # -nodefaults: no NIC (its iPXE ROM), no VGA, no default monitor or
        # serial; then the console alone on stdio, raw (no -nographic
        # multiplexer that would take Ctrl-A for itself).
        cmd = [QEMU, "-accel", accel, "-m", str(self.mem), "-nodefaults", "-no-reboot",
               "-display", "none", "-monitor", "none", "-serial", "stdio",
               "-kernel", kernel, "-initrd", initrd, "-append", self.append,
               "-device", "qemu-xhci,id=xhci"]
        if self.sock:
            chardev = "socket,id=usbredir0,path=" + self.sock
            if self.reconnect:
                chardev += ",reconnect=%d" % self.reconnect
            cmd += ["-chardev", chardev,
                    "-device", "usb-redir,chardev=usbredir0,id=usbredir0,bus=xhci.0"]
        return cmd + self.extra

    def _initrd_with_files(self, initrd):
        """The guest's initrd with self.files behind it: Linux unpacks a
        sequence of archives into the same rootfs, so a second, plain newc
        archive after the gzip one (4-byte aligned) adds the test's files
        without rebuilding the guest."""
        import initramfs    # tools/initramfs.py: the newc writer
        self.tmp = tempfile.mkdtemp(prefix="usbhost-")
        out_path = os.path.join(self.tmp, "initrd.img")
        with open(initrd, "rb") as f:
            data = f.read()
        with open(out_path, "wb") as out:
            out.write(data + b"\0" * (-len(data) % 4))
            ino, dirs = 400000, set()
            for guest, host in sorted(self.files.items()):
                parts = guest.strip("/").split("/")
                for i in range(1, len(parts)):
                    d = "/".join(parts[:i])
                    if d not in dirs:
                        dirs.add(d)
                        initramfs.newc_entry(out, ino, d, 0o040755, 0, 0, 2)
                        ino += 1
                with open(host, "rb") as f:
                    initramfs.newc_entry(out, ino, "/".join(parts), 0o100644, 0, 0, 1, f.read())
                ino += 1
            initramfs.newc_entry(out, 0, "TRAILER!!!", 0, 0, 0, 1)
        return out_path

    def _spawn(self, accel):
        self.buf = bytearray()
        self.t0 = time.monotonic()
        self.lock = threading.Condition()
        self.eof = False
        self.proc = subprocess.Popen(self.command(accel), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     start_new_session=True, cwd=ROOT)
        threading.Thread(target=self._read, args=(self.proc,), daemon=True).start()

    def _read(self, proc):
        fd = proc.stdout.fileno()
        while True:
            try:
                data = os.read(fd, 4096)
            except OSError:
                data = b""
            with self.lock:
                if proc is not self.proc:
                    return
                if not data:
                    self.eof = True
                    self.lock.notify_all()
                    return
                self.buf += data
                self.lock.notify_all()

    def start(self):
        """Start QEMU and wait for the shell; returns self."""
        global _kvm_works
        accel = self.accel
        if accel == "auto":
            accel = "kvm" if kvm_usable() and _kvm_works is not False else "tcg"
        if accel == "kvm" and self.accel == "auto" and _kvm_works is None:
            # The first kernel line comes within a second where KVM works.
            self._spawn("kvm")
            if self._wait(rb"Linux version", KVM_PROBE_S, fail=False):
                _kvm_works = True
            else:
                _kvm_works = False
                self._kill()
                accel = "tcg"
        if self.proc is None:
            self._spawn(accel)
        self.accel_used = accel
        self._wait(re.escape(PROMPT), self.boot_timeout, what="the guest's shell")
        self.boot_seconds = time.monotonic() - self.t0
        return self

    def _kill(self):
        if self.proc is None:
            return
        proc, self.proc = self.proc, None
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        for f in (proc.stdin, proc.stdout):
            try:
                f.close()
            except OSError:
                pass

    def close(self):
        self._kill()
        if self.tmp:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None

    def __enter__(self):
        try:
            return self.start()
        except BaseException:
            self.close()
            raise

    def __exit__(self, *exc):
        self.close()

    # ---------------------------------------------------------------- console

    def _wait(self, pattern, timeout, start=0, what=None, fail=True):
        """The first match of the regex (bytes) in the output from start,
        waiting at most timeout seconds; None (fail=False) or an
        AssertionError with the output's tail when it does not come."""
        rx = re.compile(pattern)
        end = time.monotonic() + timeout
        with self.lock:
            while True:
                m = rx.search(self.buf, start)
                if m:
                    return m
                left = end - time.monotonic()
                if left <= 0 or self.eof:
                    if not fail:
                        return None
                    raise AssertionError("no %s after %.0f s%s; last output:\n%s" % (
                        what or repr(pattern), timeout, " (QEMU exited)" if self.eof else "",
                        self.buf[-2000:].decode("latin-1")))
                self.lock.wait(min(left, 0.5))

    def send(self, data):
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, AttributeError):  # QEMU gone, or closed
            raise AssertionError("QEMU is not running; last output:\n" + self.text()[-2000:])

    def run(self, cmd, timeout=30):
        """Run one shell command line in the guest; (exit status, output).
        The output is what the command printed (stdout and stderr, \\r\\n
        made \\n), found between two marker lines that the shell prints
        around it; the marker's text is built by printf, so the console's
        echo of the line cannot match. The command runs in a subshell with
        stdin from /dev/null: it cannot eat the next command. On timeout
        the guest gets a Ctrl-C and AssertionError is raised."""
        self.seq += 1
        n = self.seq
        with self.lock:
            start = len(self.buf)
        self.send(("printf '@@%%s %d@@\\n' BEGIN; ( %s ) </dev/null 2>&1; "
                   "printf '@@%%s %d %%d@@\\n' END $?\n" % (n, cmd, n)).encode())
        try:
            m = self._wait(rb"(?s)@@BEGIN %d@@\r?\n(.*?)@@END %d (\d+)@@" % (n, n),
                           timeout, start, what="the end of `%s`" % cmd)
        except AssertionError:
            if self.proc and not self.eof:
                self.send(b"\x03")
            raise
        out = m.group(1).decode("utf-8", "replace").replace("\r\n", "\n")
        return int(m.group(2)), out

    def wait_device(self, vidpid, timeout=20, gone=False):
        """Poll `lsusb -d vidpid` (as "0451:d00e") every 0.3 s until the
        device is listed (gone: no longer listed); its lsusb line ("" when
        gone). A device appears some time after its peer connects: QEMU
        attaches it, then the guest's hub driver enumerates it."""
        end = time.monotonic() + timeout
        while True:
            status, out = self.run("lsusb -d " + vidpid, timeout=max(1, end - time.monotonic()))
            listed = status == 0 and bool(out.strip())
            if listed != gone:
                return out.strip()
            if time.monotonic() > end:
                raise AssertionError("%s still %s after %.0f s; lsusb: %s" % (
                    vidpid, "listed" if gone else "not listed", timeout, self.run("lsusb")[1]))
            time.sleep(0.3)

    def text(self):
        with self.lock:
            return self.buf.decode("latin-1")
