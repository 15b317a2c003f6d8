// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * usbpeer: a usbredir peer for `make bench` (tools/bench.py). It plays the
 * usb-guest side (libusbredirparser without usbredirparser_fl_usb_host, as
 * QEMU's usb-redir and tests/unit/sim/test_usbredir.c use it) on the
 * simulator's --usb socket and drives gtaboot's dfu or ums command as a PC
 * would, with nothing else on the bus:
 *
 *   usbpeer SOCKET dfu N [N...]   DFU_DNLOAD of N bytes (a download each N)
 *                                 to alt 0 in wTransferSize blocks
 *   usbpeer SOCKET ums N [LBA]    SCSI WRITE(10) of N bytes from block LBA
 *                                 (default 0) in 64 KiB commands, then
 *                                 START STOP UNIT with LoEj
 *
 * It waits for device_connect, sets configuration 1, and exits 0 when
 * done; non-zero with a message on any error. Every wait is bounded
 * (WAIT_MS of host time). What the protocol allows is queued at once: a
 * DNLOAD with its GETSTATUS; a CBW, its data and the CSW's IN.
 */
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include <usbredirparser.h>

#define WAIT_MS   20000
#define UMS_CHUNK (64 * 1024)
#define MAX_REPLY 8

struct reply {
	uint64_t id;
	uint8_t status;
	uint8_t data[512];   /* the start of IN data: descriptors, status, CSW */
	int len;          /* IN: bytes received; OUT: bytes taken */
};

static int fd = -1;
static struct usbredirparser *p;
static bool connected, disconnected, got_conf, got_alt, eof;
static struct usb_redir_interface_info_header iface;
static struct usb_redir_ep_info_header epi;
static struct usb_redir_configuration_status_header conf;
static struct usb_redir_alt_setting_status_header alt;
static struct reply rep[MAX_REPLY];
static int nrep;
static uint64_t next_id = 1;

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
	va_list ap;

	fputs("usbpeer: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

/* ------------------------------------------------------------ parser glue */

static int p_read(void *priv, uint8_t *data, int count)
{
	ssize_t n = recv(fd, data, (size_t)count, MSG_DONTWAIT);

	(void)priv;
	if (n > 0)
		return (int)n;
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return 0;
	eof = true;
	return -1;
}

static int p_write(void *priv, uint8_t *data, int count)
{
	ssize_t n = send(fd, data, (size_t)count, MSG_DONTWAIT | MSG_NOSIGNAL);

	(void)priv;
	if (n >= 0)
		return (int)n;
	if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
		return 0;
	eof = true;
	return -1;
}

static void p_log(void *priv, int level, const char *msg)
{
	(void)priv;
	if (level <= usbredirparser_warning)
		fprintf(stderr, "usbpeer: usbredirparser: %s\n", msg);
}

static void p_hello(void *priv, struct usb_redir_hello_header *h)
{
	(void)priv; (void)h;
}

static void p_connect(void *priv, struct usb_redir_device_connect_header *h)
{
	(void)priv;
	if (h->speed != usb_redir_speed_high)
		fprintf(stderr, "usbpeer: warning: the device is not at high speed\n");
	connected = true;
}

static void p_disconnect(void *priv)
{
	(void)priv;
	disconnected = true;   /* an error unless it is after the last reply */
}

static void p_iface(void *priv, struct usb_redir_interface_info_header *h)
{
	(void)priv;
	iface = *h;
}

static void p_ep(void *priv, struct usb_redir_ep_info_header *h)
{
	(void)priv;
	epi = *h;
}

static void p_conf(void *priv, uint64_t id, struct usb_redir_configuration_status_header *h)
{
	(void)priv; (void)id;
	conf = *h;
	got_conf = true;
}

static void p_alt(void *priv, uint64_t id, struct usb_redir_alt_setting_status_header *h)
{
	(void)priv; (void)id;
	alt = *h;
	got_alt = true;
}

static void add_reply(uint64_t id, uint8_t status, uint8_t *data, int len)
{
	struct reply *r;

	if (nrep == MAX_REPLY)
		die("more replies than requests");
	r = &rep[nrep++];
	r->id = id;
	r->status = status;
	r->len = len;
	if (data && len > 0)
		memcpy(r->data, data, (size_t)len < sizeof(r->data) ? (size_t)len : sizeof(r->data));
	usbredirparser_free_packet_data(p, data);
}

static void p_control(void *priv, uint64_t id, struct usb_redir_control_packet_header *h,
		      uint8_t *data, int len)
{
	(void)priv;
	add_reply(id, h->status, data, (h->endpoint & 0x80) ? len : h->length);
}

static void p_bulk(void *priv, uint64_t id, struct usb_redir_bulk_packet_header *h,
		   uint8_t *data, int len)
{
	(void)priv;
	add_reply(id, h->status, data,
		  (h->endpoint & 0x80) ? len : (int)(h->length | h->length_high << 16));
}

static void p_ack_disconnect(void *priv)
{
	(void)priv;
}

static long ms_since(const struct timespec *t0)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - t0->tv_sec) * 1000 + (now.tv_nsec - t0->tv_nsec) / 1000000;
}

/* Read and write until done() holds; WAIT_MS of host time at most. */
static void wait_for(bool (*done)(void *), void *arg, const char *what)
{
	struct timespec t0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		struct pollfd pf = { .fd = fd, .events = POLLIN };
		long left;

		while (usbredirparser_has_data_to_write(p))
			if (usbredirparser_do_write(p) < 0)
				die("writing to the simulator: %s", strerror(errno));
			else if (usbredirparser_has_data_to_write(p))
				break;
		if (usbredirparser_do_read(p) < 0 || eof)
			die("the simulator closed the connection (waiting for %s)", what);
		if (done(arg))
			return;
		if (disconnected)
			die("the device disconnected (waiting for %s)", what);
		left = WAIT_MS - ms_since(&t0);
		if (left <= 0)
			die("no %s after %d s", what, WAIT_MS / 1000);
		if (usbredirparser_has_data_to_write(p))
			pf.events |= POLLOUT;
		if (poll(&pf, 1, (int)(left > 100 ? 100 : left)) < 0 && errno != EINTR)
			die("poll: %s", strerror(errno));
	}
}

static bool is_connected(void *arg) { (void)arg; return connected; }
static bool is_conf(void *arg) { (void)arg; return got_conf; }
static bool is_alt(void *arg) { (void)arg; return got_alt; }
static bool have_replies(void *arg) { return nrep >= *(int *)arg; }

/* Waits for the n replies of the requests queued, in order; the first
 * one not successful ends the run. */
static void replies(int n, const char *what)
{
	wait_for(have_replies, &n, what);
	for (int i = 0; i < n; i++)
		if (rep[i].status != usb_redir_success)
			die("%s: request %d of %d (id %llu, %d bytes): usbredir status %d", what, i + 1, n,
			    (unsigned long long)rep[i].id, rep[i].len, rep[i].status);
}

/* ------------------------------------------------------------ requests */

static void control(uint8_t type, uint8_t req, uint16_t val, uint16_t idx, uint16_t len,
		    uint8_t *data)
{
	struct usb_redir_control_packet_header h = {
		.endpoint = type & 0x80, .request = req, .requesttype = type,
		.value = val, .index = idx, .length = len };

	usbredirparser_send_control_packet(p, next_id++, &h, type & 0x80 ? NULL : data,
					   type & 0x80 ? 0 : len);
}

static void bulk(uint8_t ep, uint8_t *data, unsigned len)
{
	struct usb_redir_bulk_packet_header h = {
		.endpoint = ep, .length = (uint16_t)len, .length_high = (uint16_t)(len >> 16) };

	usbredirparser_send_bulk_packet(p, next_id++, &h, ep & 0x80 ? NULL : data,
					ep & 0x80 ? 0 : (int)len);
}

/* ------------------------------------------------------------ DFU */

enum { DFU_DNLOAD = 1, DFU_GETSTATUS = 3 };
enum { ST_IDLE = 2, ST_DNBUSY = 4, ST_DNLOAD_IDLE = 5, ST_MANIFEST_SYNC = 6,
       ST_MANIFEST = 7, ST_ERROR = 10 };

/* wTransferSize from the DFU functional descriptor (type 0x21). */
static unsigned dfu_transfer_size(void)
{
	uint8_t d[512];
	unsigned total, at;

	nrep = 0;
	control(0x80, 6, 0x0200, 0, 255, NULL);
	replies(1, "the configuration descriptor");
	total = (unsigned)rep[0].len < sizeof(d) ? (unsigned)rep[0].len : sizeof(d);
	memcpy(d, rep[0].data, total);
	for (at = 0; at + 2 <= total && d[at] >= 2; at += d[at])
		if (d[at + 1] == 0x21 && d[at] >= 7 && at + 7 <= total)
			return (unsigned)(d[at + 5] | d[at + 6] << 8);
	die("no DFU functional descriptor");
}

/* GETSTATUS (queued after what is on EP0) until the state is not busy. */
static int dfu_state(uint16_t intf, int queued, const char *what)
{
	int st;

	for (int tries = 0; tries < 1000; tries++) {
		control(0xA1, DFU_GETSTATUS, 0, intf, 6, NULL);
		replies(queued + 1, what);
		if (rep[queued].len != 6)
			die("%s: GETSTATUS gave %d bytes", what, rep[queued].len);
		if (rep[queued].data[4] == ST_ERROR)
			die("%s: dfuERROR, status %u", what, rep[queued].data[0]);
		st = rep[queued].data[4];
		nrep = 0;
		queued = 0;
		/* bwPollTimeout is not waited for: the peer takes no virtual
		 * time, and the device NAKs while it is busy */
		if (st != ST_DNBUSY && st != ST_MANIFEST_SYNC && st != ST_MANIFEST)
			return st;
	}
	die("%s: the device stays busy", what);
}

static void dfu(uint16_t intf, unsigned n, unsigned xfer, uint8_t *buf)
{
	uint16_t block = 0;
	int st;

	for (unsigned off = 0; off < n; off += xfer) {
		unsigned len = n - off < xfer ? n - off : xfer;

		nrep = 0;
		control(0x21, DFU_DNLOAD, block++, intf, (uint16_t)len, buf + off);
		st = dfu_state(intf, 1, "DFU_DNLOAD");
		if (st != ST_DNLOAD_IDLE)
			die("DFU_DNLOAD: state %d after block %u", st, block - 1);
	}
	nrep = 0;
	control(0x21, DFU_DNLOAD, block, intf, 0, NULL);
	st = dfu_state(intf, 1, "the last DFU_DNLOAD");
	if (st != ST_IDLE)
		die("the download ends in state %d, not dfuIDLE", st);
}

/* ------------------------------------------------------------ UMS */

static void put_be32(uint8_t *b, uint32_t v)
{
	b[0] = (uint8_t)(v >> 24); b[1] = (uint8_t)(v >> 16); b[2] = (uint8_t)(v >> 8);
	b[3] = (uint8_t)v;
}

static void put_le32(uint8_t *b, uint32_t v)
{
	b[0] = (uint8_t)v; b[1] = (uint8_t)(v >> 8); b[2] = (uint8_t)(v >> 16);
	b[3] = (uint8_t)(v >> 24);
}

/* One command: CBW, the OUT data, the CSW, queued together. */
static void scsi(uint8_t out_ep, uint8_t in_ep, uint32_t tag, const uint8_t *cb, unsigned cblen,
		 uint8_t *data, unsigned len, const char *what)
{
	uint8_t cbw[31] = { 'U', 'S', 'B', 'C' }, le_tag[4];
	int n = 2;

	put_le32(le_tag, tag);
	memcpy(cbw + 4, le_tag, 4);
	put_le32(cbw + 8, len);
	cbw[12] = 0x00;           /* data host to device */
	cbw[13] = 0;              /* LUN */
	cbw[14] = (uint8_t)cblen;
	memcpy(cbw + 15, cb, cblen);
	nrep = 0;
	bulk(out_ep, cbw, sizeof(cbw));
	if (len) {
		bulk(out_ep, data, len);
		n++;
	}
	bulk(in_ep, NULL, 13);
	replies(n, what);
	/* the CSW's reply is the last one: IN and OUT replies come in any order */
	for (int i = 0; i < n; i++) {
		struct reply *r = &rep[i];

		if (r->len == 13 && !memcmp(r->data, "USBS", 4)) {
			if (memcmp(r->data + 4, le_tag, 4))
				die("%s: CSW tag mismatch", what);
			if (r->data[12])
				die("%s: CSW status %u", what, r->data[12]);
			return;
		}
	}
	die("%s: no CSW", what);
}

static void ums(unsigned n, uint32_t lba, uint8_t *buf)
{
	uint8_t out_ep = 0, in_ep = 0;
	uint32_t tag = 1;

	for (int i = 1; i < 16; i++) {
		if (!out_ep && epi.type[i] == usb_redir_type_bulk)
			out_ep = (uint8_t)i;
		if (!in_ep && epi.type[16 + i] == usb_redir_type_bulk)
			in_ep = (uint8_t)(0x80 | i);
	}
	if (!out_ep || !in_ep)
		die("no bulk endpoints");
	/* GET_MAX_LUN first, as Linux's usb-storage does: a CBW right after
	 * the configuration status is lost (the firmware has not yet seen it
	 * configured: noted in docs/usb.md) */
	nrep = 0;
	control(0xA1, 0xFE, 0, iface.interface[0], 1, NULL);
	replies(1, "GET_MAX_LUN");
	for (unsigned off = 0; off < n; off += UMS_CHUNK) {
		unsigned len = n - off < UMS_CHUNK ? n - off : UMS_CHUNK;
		uint8_t cb[10] = { 0x2A };

		put_be32(cb + 2, lba + off / 512);
		cb[7] = (uint8_t)(len / 512 >> 8);
		cb[8] = (uint8_t)(len / 512);
		scsi(out_ep, in_ep, tag++, cb, 10, buf + off, len, "WRITE(10)");
	}
	{
		const uint8_t cb[6] = { 0x1B, 0, 0, 0, 0x02, 0 };   /* LoEj, stop */

		scsi(out_ep, in_ep, tag, cb, 6, NULL, 0, "START STOP UNIT");
	}
}

/* ------------------------------------------------------------ main */

static void usage(void)
{
	fprintf(stderr, "usage: usbpeer SOCKET dfu N [N...] | usbpeer SOCKET ums N [LBA]\n");
	exit(2);
}

static unsigned long num(const char *s)
{
	char *end;
	unsigned long v = strtoul(s, &end, 0);

	if (!*s || *end)
		usage();
	return v;
}

int main(int argc, char **argv)
{
	uint32_t caps[USB_REDIR_CAPS_SIZE] = { 0 };
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	struct timespec t0;
	unsigned long most = 0;
	bool is_dfu;
	uint8_t *buf;
	int i;

	if (argc < 4 || (strcmp(argv[2], "dfu") && strcmp(argv[2], "ums")))
		usage();
	is_dfu = !strcmp(argv[2], "dfu");
	if (!is_dfu && argc > 5)
		usage();
	for (i = 3; i < argc && (is_dfu || i == 3); i++)
		most = num(argv[i]) > most ? num(argv[i]) : most;
	if (!most || most > (1ul << 30) || (!is_dfu && most % 512))
		die("a size of 1 byte to 1 GiB, for ums a multiple of 512");
	buf = malloc(most);
	if (!buf)
		die("no memory");
	srand(1);
	for (unsigned long k = 0; k < most; k++)
		buf[k] = (uint8_t)rand();
	if (strlen(argv[1]) >= sizeof(a.sun_path))
		die("%s: path too long", argv[1]);
	strcpy(a.sun_path, argv[1]);
	/* the simulator makes the socket before its CPU starts: try a while */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		fd = socket(AF_UNIX, SOCK_STREAM, 0);
		if (fd < 0)
			die("socket: %s", strerror(errno));
		if (!connect(fd, (struct sockaddr *)&a, sizeof(a)))
			break;
		close(fd);
		if (ms_since(&t0) > WAIT_MS)
			die("%s: %s", argv[1], strerror(errno));
		usleep(20000);
	}
	p = usbredirparser_create();
	if (!p)
		die("no memory");
	p->log_func = p_log;
	p->read_func = p_read;
	p->write_func = p_write;
	p->hello_func = p_hello;
	p->device_connect_func = p_connect;
	p->device_disconnect_func = p_disconnect;
	p->interface_info_func = p_iface;
	p->ep_info_func = p_ep;
	p->configuration_status_func = p_conf;
	p->alt_setting_status_func = p_alt;
	p->control_packet_func = p_control;
	p->bulk_packet_func = p_bulk;
	p->device_disconnect_ack_func = p_ack_disconnect;
	usbredirparser_caps_set_cap(caps, usb_redir_cap_connect_device_version);
	usbredirparser_caps_set_cap(caps, usb_redir_cap_ep_info_max_packet_size);
	usbredirparser_caps_set_cap(caps, usb_redir_cap_64bits_ids);
	usbredirparser_caps_set_cap(caps, usb_redir_cap_32bits_bulk_length);
	usbredirparser_init(p, "usbpeer", caps, USB_REDIR_CAPS_SIZE, 0);

	wait_for(is_connected, NULL, "device_connect");
	{
		struct usb_redir_set_configuration_header h = { 1 };

		usbredirparser_send_set_configuration(p, next_id++, &h);
		wait_for(is_conf, NULL, "the configuration status");
		if (conf.status != usb_redir_success)
			die("SET_CONFIGURATION: usbredir status %d", conf.status);
	}
	if (is_dfu) {
		struct usb_redir_set_alt_setting_header h = { iface.interface[0], 0 };
		unsigned xfer = dfu_transfer_size();

		if (!xfer)
			die("wTransferSize 0");
		usbredirparser_send_set_alt_setting(p, next_id++, &h);
		wait_for(is_alt, NULL, "the alt setting status");
		if (alt.status != usb_redir_success)
			die("SET_INTERFACE: usbredir status %d", alt.status);
		for (i = 3; i < argc; i++)
			dfu(iface.interface[0], (unsigned)num(argv[i]), xfer, buf);
	} else {
		ums((unsigned)most, argc > 4 ? (uint32_t)num(argv[4]) : 0, buf);
	}
	/* the last replies' acknowledgements are on their way: flush and go */
	while (usbredirparser_has_data_to_write(p) && usbredirparser_do_write(p) >= 0)
		;
	usbredirparser_destroy(p);
	close(fd);
	free(buf);
	return 0;
}
