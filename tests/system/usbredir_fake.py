# SPDX-License-Identifier: GPL-2.0-or-later
"""Test scaffolding for test_usbhost.py, not the product: a usbredir
"usb-host" peer that listens on a unix socket, as the simulator's
`--usb unix:PATH` does, and offers QEMU's usb-redir one fake device:
0451:d00e (the OMAP ROM's VID:PID) with one DFU interface and no other
endpoint than EP0. It answers GET_DESCRIPTOR (device, configuration), GET_STATUS
and SET_CONFIGURATION and stalls every other request, which is enough for
Linux to enumerate it, lsusb to list it and dfu-util -l to find it.
Once the simulator's bridge exists, it stands in for nothing any more.

The wire format is usbredirproto.h of Debian's libusbredirparser-dev 0.13
(usbredir's usb-redirection-protocol.md): each packet is a header (type,
length of what follows, id; little-endian, the id 32-bit in the hellos and
64-bit after them when both peers announce usb_redir_cap_64bits_ids), a
type-specific header, then data. QEMU 7.2's usb-redir on an xHCI drops a
peer that lacks ep_info_max_packet_size, 32bits_bulk_length or 64bits_ids
("usb-redir-host lacks capabilities needed for use with XHCI"), so this
one announces them (and a bridge must too). The few packets needed are built here
with struct rather than through the library's 30-callback C interface.
"""
import os
import socket
import struct
import threading

HELLO, DEVICE_CONNECT, RESET, INTERFACE_INFO, EP_INFO = 0, 1, 3, 4, 5
SET_CONFIGURATION, GET_CONFIGURATION, CONFIGURATION_STATUS = 6, 7, 8
SET_ALT_SETTING, GET_ALT_SETTING, ALT_SETTING_STATUS = 9, 10, 11
CONTROL_PACKET = 100
CAP_CONNECT_DEVICE_VERSION, CAP_EP_INFO_MAX_PACKET_SIZE = 1, 4
CAP_64BITS_IDS, CAP_32BITS_BULK_LENGTH = 5, 6
SUCCESS, STALL = 0, 4
SPEED_HIGH = 2

VID, PID = 0x0451, 0xD00E
DEVICE = struct.pack("<BBHBBBBHHHBBBB", 18, 1, 0x0200, 0, 0, 0, 64,
                     VID, PID, 0x0100, 0, 0, 0, 1)
CONFIG = (struct.pack("<BBHBBBBB", 9, 2, 27, 1, 1, 0, 0x80, 50) +
          # interface 0: DFU (class 0xFE, subclass 1), protocol 2 (DFU mode)
          struct.pack("<BBBBBBBBB", 9, 4, 0, 0, 0, 0xFE, 1, 2, 0) +
          # DFU functional descriptor: download, 1 s detach, 4 KiB, DFU 1.1
          struct.pack("<BBBHHH", 9, 0x21, 0x01, 1000, 4096, 0x0110))


class FakeDevice:
    """Listens at path from construction on; serves one connection at a
    time in a thread until close(). log: what QEMU asked, for a test's
    failure message."""

    def __init__(self, path):
        self.path = path
        self.log = []
        self.srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.srv.bind(path)
        self.srv.listen(1)
        self.srv.settimeout(0.5)  # so the thread sees close() within 0.5 s
        self.done = False
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def close(self):
        self.done = True
        self.thread.join(5)
        self.srv.close()
        try:
            os.unlink(self.path)
        except OSError:
            pass

    def _serve(self):
        while not self.done:
            try:
                conn, _ = self.srv.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            try:
                conn.settimeout(0.5)
                self._session(conn)
            except (OSError, EOFError) as e:
                self.log.append("session ended: %s" % e)
            finally:
                conn.close()

    def _recv(self, conn, n):
        data = b""
        while len(data) < n:
            if self.done:
                raise EOFError("closed")
            try:
                chunk = conn.recv(n - len(data))
            except socket.timeout:
                continue
            if not chunk:
                raise EOFError("peer closed")
            data += chunk
        return data

    def _send(self, conn, typ, pid, body):
        conn.sendall(struct.pack(self.hdr, typ, len(body), pid) + body)

    def _packet(self, conn):
        typ, length, pid = struct.unpack(self.hdr, self._recv(conn, struct.calcsize(self.hdr)))
        return typ, pid, self._recv(conn, length)

    def _session(self, conn):
        caps = sum(1 << c for c in (CAP_CONNECT_DEVICE_VERSION, CAP_EP_INFO_MAX_PACKET_SIZE,
                                    CAP_64BITS_IDS, CAP_32BITS_BULK_LENGTH))
        self.hdr = "<III"
        self._send(conn, HELLO, 0, b"gtaboot usbredir_fake".ljust(64, b"\0") +
                   struct.pack("<I", caps))
        typ, _, hello = self._packet(conn)
        if typ != HELLO:
            raise EOFError("first packet %d, not hello" % typ)
        peer = struct.unpack_from("<I", hello, 64)[0] if len(hello) >= 68 else 0
        both = caps & peer
        if both & (1 << CAP_64BITS_IDS):
            self.hdr = "<IIQ"
        self.log.append("hello from %r, caps 0x%x" % (hello[:64].rstrip(b"\0"), peer))
        # What a real usbredirhost sends for a device: its interfaces, its
        # endpoints, then device_connect (QEMU refuses a connect before
        # the interface info).
        iface = struct.pack("<I", 1) + bytes(32) + bytes([0xFE]) + bytes(31) + \
            bytes([1]) + bytes(31) + bytes([2]) + bytes(31)
        self._send(conn, INTERFACE_INFO, 0, iface)
        # endpoint index: OUT n at n, IN n at 16 + n; only EP0, both ways
        types = bytes([0] + [255] * 15 + [0] + [255] * 15)
        ep = types + bytes(32) + bytes(32)
        if both & (1 << CAP_EP_INFO_MAX_PACKET_SIZE):
            ep += struct.pack("<32H", *([64] + [0] * 15 + [64] + [0] * 15))
        self._send(conn, EP_INFO, 0, ep)
        conn_hdr = struct.pack("<BBBBHH", SPEED_HIGH, 0, 0, 0, VID, PID)
        if both & (1 << CAP_CONNECT_DEVICE_VERSION):
            conn_hdr += struct.pack("<H", 0x0100)
        self._send(conn, DEVICE_CONNECT, 0, conn_hdr)
        config = 0
        while True:
            typ, pid, body = self._packet(conn)
            if typ == CONTROL_PACKET:
                ep_, req, rtype, _, value, index, wlen = struct.unpack_from("<BBBBHHH", body)
                self.log.append("control %02x %02x %04x %04x %d" % (rtype, req, value, index, wlen))
                data = None
                if rtype == 0x80 and req == 6:                  # GET_DESCRIPTOR
                    data = {1: DEVICE, 2: CONFIG}.get(value >> 8)
                elif rtype == 0x80 and req == 0:                # GET_STATUS: bus powered
                    data = b"\0\0"
                status = STALL if data is None else SUCCESS
                data = (data or b"")[:wlen]
                self._send(conn, CONTROL_PACKET, pid, struct.pack(
                    "<BBBBHHH", ep_, req, rtype, status, value, index, len(data)) + data)
            elif typ == SET_CONFIGURATION:
                config = body[0]
                self.log.append("set_configuration %d" % config)
                self._send(conn, CONFIGURATION_STATUS, pid, bytes([SUCCESS, config]))
            elif typ == GET_CONFIGURATION:
                self._send(conn, CONFIGURATION_STATUS, pid, bytes([SUCCESS, config]))
            elif typ in (SET_ALT_SETTING, GET_ALT_SETTING):
                self.log.append("alt_setting %r" % body)
                self._send(conn, ALT_SETTING_STATUS, pid, bytes([SUCCESS, body[0], 0]))
            else:
                self.log.append("packet type %d ignored" % typ)
