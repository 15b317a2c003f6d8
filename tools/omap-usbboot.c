// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * omap-usbboot: load a program into an OMAP3 (OMAP34xx/35xx, DM37xx/
 * OMAP36xx: the GTA04, the BeagleBoard) over the boot ROM's USB
 * peripheral boot, and serve it further files. Written for gtaboot from
 * the protocol (docs/usb.md "ROM USB boot"), on libusb-1.0:
 *
 *  1. wait (bounded) for the ROM's device 0451:d009 / d00e / d00f;
 *  2. read its ASIC ID (69 bytes on bulk IN 0x81) and print it;
 *  3. send the boot message 0xF0030002, the image's size (32-bit little
 *     endian) and the image on bulk OUT 0x01: the ROM copies it to
 *     0x40200000 and runs it (no GP header: one is stripped here);
 *  4. with further files, stay and answer the loaded program's requests
 *     on the same endpoints with the X-Loader protocol that
 *     grant-h/omap_loader and barebox's omap3-usb-loader serve ('USBf'
 *     ask, 'USBs' size+address, 'USBn' ready, data, 'USBo' received,
 *     'USBm' message, 'USBj' jump), so a program written for either works
 *     with this tool and the other way round. gtaboot's extension: an
 *     optional byte offset after 'USBf' (docs/usb.md).
 *
 * The protocol facts come from the TRM's "Peripheral Booting" section as
 * those loaders and nmenon/omap-u-boot-utils (pusb) use it; no code of
 * theirs is in here. Every wait is bounded.
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libusb.h>

#define TI_VID       0x0451
#define EP_IN        0x81
#define EP_OUT       0x01
#define LOAD_ADDR    0x40200000u
#define MAX_IMAGE    0xF000u        /* SRAM up to the ROM's area, docs/rom.md */
#define ASIC_ID_LEN  69
#define MSG_PERIPH   0xF0030002u
#define IO_MS        1000           /* one bulk transfer */
#define MAX_FILES    8

#define OP(a, b, c, d) ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | (uint32_t)(d) << 24)
#define OP_ASK   OP('U', 'S', 'B', 'f')
#define OP_SIZE  OP('U', 'S', 'B', 's')
#define OP_READY OP('U', 'S', 'B', 'n')
#define OP_GOT   OP('U', 'S', 'B', 'o')
#define OP_MSG   OP('U', 'S', 'B', 'm')
#define OP_JUMP  OP('U', 'S', 'B', 'j')

static const struct { uint16_t pid; const char *what; } roms[] = {
	{ 0xd009, "OMAP34xx/35xx" },
	{ 0xd00e, "DM37xx/OMAP36xx" },
	{ 0xd00f, "AM35xx" },
};

struct file {
	const char *path;
	uint8_t *data;
	size_t size;
	uint32_t addr;
};

static int verbose;

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
	va_list ap;

	fputs("omap-usbboot: ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
}

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("omap-usbboot: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static void nap_ms(long ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&t, NULL);
}

static void read_file(struct file *f)
{
	FILE *fp = fopen(f->path, "rb");
	long n;

	if (!fp)
		die("%s: %s", f->path, strerror(errno));
	if (fseek(fp, 0, SEEK_END) || (n = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET))
		die("%s: cannot tell its size", f->path);
	if (n > 256L << 20)
		die("%s: %ld bytes: over the 256 MiB this tool sends", f->path, n);
	f->data = malloc(n ? (size_t)n : 1);
	if (!f->data)
		die("out of memory");
	if (fread(f->data, 1, (size_t)n, fp) != (size_t)n)
		die("%s: read error", f->path);
	fclose(fp);
	f->size = (size_t)n;
}

/*
 * The ROM runs a peripheral-boot image from its first byte at 0x40200000:
 * no GP header (the TRM's peripheral booting; an x-load.bin, not the
 * x-load.bin.ift that goes on a card). A CH (CHSETTINGS, as barebox's
 * .ift / U-Boot's MLO.raw have) or a GP header (size, load address) in
 * front is taken off here unless --raw, and only the bytes the GP header
 * declares go to the ROM: gtaboot's MLO declares its ROM-loaded part and
 * goes on behind it (docs/usb.md: its early part asks for the rest).
 */
static void strip_headers(struct file *f)
{
	uint32_t size, load;

	if (f->size >= 512 + 8 && !memcmp(f->data + 0x14, "CHSETTINGS", 10)) {
		say("%s: configuration header (CHSETTINGS) skipped", f->path);
		memmove(f->data, f->data + 512, f->size - 512);
		f->size -= 512;
	}
	if (f->size < 8)
		return;
	size = le32(f->data);
	load = le32(f->data + 4);
	if (load >= LOAD_ADDR && load < LOAD_ADDR + 0x10000 && size && size <= f->size - 8) {
		if (load != LOAD_ADDR)
			say("%s: warning: its GP header loads it at 0x%08x; over USB the ROM "
			    "runs it at 0x%08x", f->path, load, LOAD_ADDR);
		say("%s: GP header skipped; it declares %u bytes%s", f->path, size,
		    size + 8 < f->size ? " (the rest of the file stays behind)" : "");
		memmove(f->data, f->data + 8, size);
		f->size = size;
	}
}

static const char *rom_name(uint16_t pid)
{
	for (size_t i = 0; i < sizeof(roms) / sizeof(roms[0]); i++)
		if (roms[i].pid == pid)
			return roms[i].what;
	return NULL;
}

/*
 * Wait for the ROM's device; only_pid 0 takes any of the table. A new
 * libusb context for each look: libusb learns of devices that appear
 * later from udev's events, and a host without udevd (a rescue system,
 * an initramfs) sends none; a fresh context scans sysfs again.
 */
static libusb_device_handle *wait_rom(libusb_context **ctxp, uint16_t vid, uint16_t only_pid,
				      double wait_s, uint16_t *pid)
{
	double end = now_s() + wait_s;
	bool told = false;

	do {
		libusb_context *ctx;
		libusb_device **list;
		ssize_t n;
		int rc = libusb_init(&ctx);

		if (rc)
			die("libusb: %s", libusb_error_name(rc));
		n = libusb_get_device_list(ctx, &list);
		for (ssize_t i = 0; i < n; i++) {
			struct libusb_device_descriptor d;
			libusb_device_handle *h;

			if (libusb_get_device_descriptor(list[i], &d))
				continue;
			if (d.idVendor != vid || (only_pid ? d.idProduct != only_pid :
						  !rom_name(d.idProduct)))
				continue;
			rc = libusb_open(list[i], &h);
			libusb_free_device_list(list, 1);
			if (rc)
				die("found %04x:%04x but cannot open it: %s%s", d.idVendor, d.idProduct,
				    libusb_error_name(rc), rc == LIBUSB_ERROR_ACCESS ?
				    " (run as root, or give your user the device with a udev rule)" : "");
			*pid = d.idProduct;
			*ctxp = ctx;
			return h;
		}
		if (n >= 0)
			libusb_free_device_list(list, 1);
		libusb_exit(ctx);
		if (!told) {
			say("waiting up to %.0f s for the OMAP boot ROM (%04x:%s) on USB", wait_s, vid,
			    only_pid ? "the given product" : "d009/d00e/d00f");
			told = true;
		}
		nap_ms(50);
	} while (now_s() < end);
	die("no OMAP boot ROM appeared on USB within %.0f s. The ROM tries USB only "
	    "for a few seconds after power-on: hold AUX (GTA04) or USER (BeagleBoard) "
	    "while you connect the cable or power the board, with no bootable image ahead "
	    "of USB in the boot order", wait_s);
}

static int bulk(libusb_device_handle *h, unsigned char ep, uint8_t *buf, int len, int ms)
{
	int done = 0, rc = libusb_bulk_transfer(h, ep, buf, len, &done, ms);

	if (rc && !(rc == LIBUSB_ERROR_TIMEOUT && done))
		return rc;
	return done;
}

static void send_all(libusb_device_handle *h, const uint8_t *d, size_t n, const char *what)
{
	size_t off = 0;

	while (off < n) {
		int chunk = n - off > 4096 ? 4096 : (int)(n - off);
		int rc = bulk(h, EP_OUT, (uint8_t *)d + off, chunk, IO_MS * 2);

		if (rc <= 0)
			die("sending %s: %s after %zu of %zu bytes", what,
			    rc ? libusb_error_name(rc) : "nothing taken", off, n);
		off += (size_t)rc;
	}
}

static void send_word(libusb_device_handle *h, uint32_t w, const char *what)
{
	uint8_t b[4];

	put32(b, w);
	send_all(h, b, 4, what);
}

static void print_asic_id(const uint8_t *a, int n)
{
	int pos = 1;

	say("ASIC ID (%d bytes, %u subblocks):", n, a[0]);
	if (verbose) {
		printf("  ");
		for (int i = 0; i < n; i++)
			printf("%02x%s", a[i], i + 1 < n ? " " : "\n");
	}
	/* subblocks: id, size, then size bytes (the first one fixed 0x01) */
	for (unsigned k = 0; k < a[0] && pos + 2 <= n; k++) {
		uint8_t id = a[pos], len = a[pos + 1];
		const uint8_t *d = a + pos + 2;

		if (pos + 2 + len > n)
			break;
		if (id == 0x01 && len >= 5)
			printf("  device %02x%02x, CH byte 0x%02x, ROM revision 0x%02x\n", d[1], d[2],
			       d[3], d[4]);
		else if (id == 0x13 && len >= 2)
			printf("  secure mode subblock 0x%02x (%s)\n", d[1], d[1] ? "not GP" : "GP device");
		else if (id == 0x15 && len >= 5)
			printf("  checksum %02x%02x%02x%02x\n", d[1], d[2], d[3], d[4]);
		else if (verbose)
			printf("  subblock 0x%02x, %u bytes\n", id, len);
		pos += 2 + len;
	}
}

/* The ROM: ASIC ID, boot message, size, image. */
static void first_stage(libusb_device_handle *h, const struct file *f)
{
	uint8_t buf[512];
	int n = bulk(h, EP_IN, buf, sizeof(buf), IO_MS);

	if (n < 0)
		die("reading the ASIC ID: %s (the ROM gives up a few seconds after it "
		    "connects: start this tool first, then power the board)", libusb_error_name(n));
	if (n != ASIC_ID_LEN)
		say("warning: an ASIC ID of %d bytes (an OMAP3 sends %d)", n, ASIC_ID_LEN);
	print_asic_id(buf, n);
	send_word(h, MSG_PERIPH, "the boot message 0xF0030002");
	send_word(h, (uint32_t)f->size, "the image size");
	send_all(h, f->data, f->size, f->path);
	say("%s: %zu bytes sent; the ROM runs them at 0x%08x", f->path, f->size, LOAD_ADDR);
}

/* The loaded program's requests (docs/usb.md "Serving further files"). */
static void serve(libusb_device_handle *h, struct file *files, int nfiles, uint32_t jump,
		  double wait_s)
{
	int cur = 0;
	uint32_t offset = 0;
	double idle_end = now_s() + wait_s;

	while (cur < nfiles) {
		uint8_t buf[512], out[12];
		int n = bulk(h, EP_IN, buf, sizeof(buf), IO_MS);
		struct file *f = &files[cur];
		uint32_t op, arg;

		if (n == LIBUSB_ERROR_TIMEOUT || n == 0) {
			if (now_s() > idle_end)
				die("the loaded program asked for nothing within %.0f s (does it "
				    "speak this protocol? docs/usb.md)", wait_s);
			continue;
		}
		if (n < 0)
			die("reading the program's request: %s", libusb_error_name(n));
		idle_end = now_s() + wait_s;
		if (n < 4)
			die("a request of %d bytes: too short", n);
		op = le32(buf);
		arg = n >= 8 ? le32(buf + 4) : 0;
		switch (op) {
		case OP_ASK:
			offset = n >= 8 ? arg : 0;
			if (offset > f->size)
				die("%s: the program asks from byte %u, the file has %zu", f->path,
				    offset, f->size);
			put32(out, OP_SIZE);
			put32(out + 4, (uint32_t)(f->size - offset));
			put32(out + 8, f->addr);
			send_all(h, out, 12, "the file size");
			say("%s: %zu bytes%s offered (address 0x%08x)", f->path, f->size - offset,
			    offset ? " from an offset" : "", f->addr);
			break;
		case OP_READY:
			if (arg != f->size - offset)
				die("%s: the program is ready for %u bytes, the file has %zu", f->path,
				    arg, f->size - offset);
			send_all(h, f->data + offset, f->size - offset, f->path);
			break;
		case OP_GOT:
			if (arg != f->size - offset)
				die("%s: the program got %u bytes of %zu", f->path, arg,
				    f->size - offset);
			say("%s: the program has it", f->path);
			cur++;
			break;
		case OP_MSG:
			buf[n < (int)sizeof(buf) ? n : (int)sizeof(buf) - 1] = 0;
			say("program: %s", (char *)buf + 4);
			break;
		default:
			die("unknown request 0x%08x from the program", op);
		}
	}
	{
		uint8_t j[8];

		put32(j, OP_JUMP);
		put32(j + 4, jump);
		send_all(h, j, 8, "the jump");
		say("jump to 0x%08x sent", jump);
	}
}

static void usage(FILE *o)
{
	fputs("usage: omap-usbboot [options] IMAGE [FILE[@ADDR]...]\n"
	      "  Loads IMAGE through the OMAP3 boot ROM's USB boot (to 0x40200000, at most\n"
	      "  61440 bytes; a CH or GP header in front is taken off), then serves each\n"
	      "  FILE to the loaded program when it asks (docs/usb.md), then sends it the\n"
	      "  jump address.\n"
	      "  -w, --wait SEC     wait this long for the ROM's device (default 30)\n"
	      "  -t, --timeout SEC  wait this long for each request of the program (default 10)\n"
	      "  -j, --jump ADDR    the jump address after the files (default: the first\n"
	      "                     FILE's ADDR)\n"
	      "  -d, --device VID:PID  another USB id (default 0451 with d009, d00e or d00f)\n"
	      "  -r, --raw          send IMAGE as it is (no header stripping)\n"
	      "  -v, --verbose      the ASIC ID in hex, every subblock\n"
	      "  -h, --help\n"
	      "exit status: 0 done, 1 failed (the message says why), 2 usage\n", o);
}

static uint32_t parse_u32(const char *s, const char *what)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || *end || end == s || v > 0xFFFFFFFFull) {
		fprintf(stderr, "omap-usbboot: %s: not a number: %s\n", what, s);
		exit(2);
	}
	return (uint32_t)v;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "wait", 1, 0, 'w' }, { "timeout", 1, 0, 't' }, { "jump", 1, 0, 'j' },
		{ "device", 1, 0, 'd' }, { "raw", 0, 0, 'r' }, { "verbose", 0, 0, 'v' },
		{ "help", 0, 0, 'h' }, { 0 },
	};
	struct file files[MAX_FILES + 1] = { 0 };
	double wait_s = 30, req_s = 10;
	uint32_t jump = 0;
	bool jump_set = false, raw = false;
	uint16_t vid = TI_VID, only_pid = 0, pid = 0;
	libusb_context *ctx;
	libusb_device_handle *h;
	int c, nfiles, rc, conf = 0;

	while ((c = getopt_long(argc, argv, "w:t:j:d:rvh", opts, NULL)) != -1) {
		switch (c) {
		case 'w': wait_s = parse_u32(optarg, "--wait"); break;
		case 't': req_s = parse_u32(optarg, "--timeout"); break;
		case 'j': jump = parse_u32(optarg, "--jump"); jump_set = true; break;
		case 'd': {
			unsigned v, p;

			if (sscanf(optarg, "%4x:%4x", &v, &p) != 2) {
				fprintf(stderr, "omap-usbboot: --device takes VID:PID in hex\n");
				return 2;
			}
			vid = (uint16_t)v;
			only_pid = (uint16_t)p;
			break;
		}
		case 'r': raw = true; break;
		case 'v': verbose++; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	nfiles = argc - optind;
	if (nfiles < 1 || nfiles > MAX_FILES + 1) {
		usage(stderr);
		return 2;
	}
	for (int i = 0; i < nfiles; i++) {
		char *at = i ? strrchr(argv[optind + i], '@') : NULL;

		if (at) {
			*at = 0;
			files[i].addr = parse_u32(at + 1, "FILE@ADDR");
		}
		files[i].path = argv[optind + i];
		read_file(&files[i]);
	}
	if (!raw)
		strip_headers(&files[0]);
	if (files[0].size == 0 || files[0].size > MAX_IMAGE)
		die("%s: %zu bytes: the ROM loads 1 to %u bytes (SRAM 0x%08x..0x%08x)", files[0].path,
		    files[0].size, MAX_IMAGE, LOAD_ADDR, LOAD_ADDR + MAX_IMAGE - 1);
	if (!jump_set && nfiles > 1)
		jump = files[1].addr;

	h = wait_rom(&ctx, vid, only_pid, wait_s, &pid);
	say("found %04x:%04x (%s)", vid, pid, rom_name(pid) ? rom_name(pid) : "as asked");
	libusb_set_auto_detach_kernel_driver(h, 1);
	/* the host's kernel usually configured it already; else configuration 1 */
	if (libusb_get_configuration(h, &conf) == 0 && conf != 1 &&
	    (rc = libusb_set_configuration(h, 1)))
		die("set configuration 1: %s", libusb_error_name(rc));
	rc = libusb_claim_interface(h, 0);
	if (rc)
		die("claiming interface 0: %s", libusb_error_name(rc));
	first_stage(h, &files[0]);
	if (nfiles > 1)
		serve(h, files + 1, nfiles - 1, jump, req_s);
	libusb_release_interface(h, 0);
	libusb_close(h);
	libusb_exit(ctx);
	for (int i = 0; i < nfiles; i++)
		free(files[i].data);
	return 0;
}
