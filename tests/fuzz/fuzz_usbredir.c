// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for the usbredir bridge (tools/sim/usbredir.c): what
 * it does with the peer's packets once libusbredirparser has framed them
 * (lengths, endpoints, interface numbers, ids, cancels, resets) and with
 * any answer from the device. The MUSB model is replaced by a fake device
 * that enumerates properly and then answers each transaction as the input
 * says (ACK, NAK, STALL, no answer, babble, a length); the peer's bytes
 * reach the bridge through a socketpair.
 * Input: u16 n, n bytes of device answers, then the peer's byte stream
 * (usually a hello, then requests; see the corpus). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* The bridge holds virtual time to host time; here host time runs 1000 s
 * a reading, far ahead, so it never waits. */
static int fuzz_clock(clockid_t id, struct timespec *ts)
{
	static time_t t;

	(void)id;
	t += 1000;
	ts->tv_sec = t;
	ts->tv_nsec = 0;
	return 0;
}
#define clock_gettime fuzz_clock

/* The bridge's messages (one per connection and per refusal) would fill
 * make check's fuzz log: they go to /dev/null here. */
#include <stdio.h>
static FILE *quiet;
#undef stderr
#define stderr quiet

#include "tools/sim/usbdesc.c"
#include "tools/sim/usbredir.c"

#undef stderr
#define stderr stderr

static const uint8_t dev_desc[18] = {
	18, 1, 0x00, 0x02, 0, 0, 0, 64, 0x51, 0x04, 0x22, 0xD0, 0x00, 0x01, 1, 2, 0, 1,
};
static const uint8_t conf_desc[32] = {
	9, 2, 32, 0, 1, 1, 0, 0x80, 50,
	9, 4, 0, 0, 2, 0xFF, 0x01, 0x02, 0,
	7, 5, 0x81, 2, 0x00, 0x02, 0,
	7, 5, 0x01, 2, 0x00, 0x02, 0,
};

static const uint8_t *dev_in;
static size_t dev_n;
static uint8_t setup_now[8];
static unsigned desc_left;
static const uint8_t *desc_at;

static int answer(unsigned max)
{
	uint8_t b;

	if (!dev_n)
		return USBT_NAK;
	b = *dev_in++;
	dev_n--;
	switch (b & 7) {
	case 0: return USBT_NAK;
	case 1: return USBT_STALL;
	case 2: return USBT_ERR;
	case 3: return USBT_BABBLE;
	default: return (int)((b >> 3) % (max + 1));
	}
}

bool musb_attached(struct sim *s) { (void)s; return true; }
bool musb_high_speed(struct sim *s) { (void)s; return true; }
void musb_bus_reset(struct sim *s) { (void)s; }
void sim_event_at(struct sim *s, uint64_t ps) { (void)s; (void)ps; }
/* only --usb-clock virtual stops the run, which the fuzzer does not set */
void sim_stop(struct sim *s, enum sim_result r, const char *fmt, ...) { (void)s; (void)r; (void)fmt; }

unsigned musb_maxp(struct sim *s, unsigned ep, bool in)
{
	(void)s; (void)in;
	return ep == 0 ? 64 : ep == 1 ? 512 : 0;
}

int musb_setup(struct sim *s, uint8_t addr, const uint8_t setup[8])
{
	(void)s; (void)addr;
	memcpy(setup_now, setup, 8);
	desc_left = 0;
	if (setup[0] == 0x80 && setup[1] == 6 && (setup[3] == 1 || setup[3] == 2)) {
		desc_at = setup[3] == 1 ? dev_desc : conf_desc;
		desc_left = setup[3] == 1 ? sizeof(dev_desc) : sizeof(conf_desc);
		if (desc_left > (unsigned)(setup[6] | setup[7] << 8))
			desc_left = (unsigned)(setup[6] | setup[7] << 8);
		return 0;
	}
	if (setup[0] == 0 && (setup[1] == 5 || setup[1] == 9))
		return 0;
	return answer(0) == USBT_ERR ? USBT_ERR : 0;
}

int musb_in(struct sim *s, uint8_t addr, unsigned ep, uint8_t *buf, unsigned max)
{
	int rc;

	(void)s; (void)addr;
	if (ep == 0 && (desc_left || setup_now[1] == 6 || setup_now[1] == 5 ||
			setup_now[1] == 9)) {
		unsigned n = desc_left < max ? desc_left : max;

		if (n > 64)
			n = 64;
		memcpy(buf, desc_at, n);
		desc_at += n;
		desc_left -= n;
		return (int)n;
	}
	rc = answer(max);
	if (rc > 0)
		memset(buf, 0x5A, (size_t)rc);
	return rc;
}

int musb_out(struct sim *s, uint8_t addr, unsigned ep, const uint8_t *data, unsigned len)
{
	int rc;

	(void)s; (void)addr; (void)data; (void)len;
	if (ep == 0 && (setup_now[1] == 6 || setup_now[1] == 5 || setup_now[1] == 9))
		return 0;
	rc = answer(0);
	return rc >= 0 ? 0 : rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct sim sim;
	struct sim *s = &sim;
	struct usbredir *r;
	int sv[2];
	size_t n, off, first;
	uint8_t sink[4096];

	if (!quiet)
		quiet = fopen("/dev/null", "w");
	if (!quiet)
		abort();
	if (size < 2)
		return 0;
	n = (size_t)(data[0] | data[1] << 8);
	if (n > size - 2)
		n = size - 2;
	dev_in = data + 2;
	dev_n = n;
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		abort();
	memset(s, 0, sizeof(*s));
	r = calloc(1, sizeof(*r));
	if (!r)
		abort();
	r->s = s;
	r->lfd = -1;
	r->fd = -1;
	s->usbredir = r;
	peer_open(r, sv[0]);
	/* the first packet (the hello: 12-byte header + its length), then
	 * the rest once the device is enumerated, so requests meet it ready */
	off = 2 + n;
	first = size - off >= 12 ? 12 + (size_t)(data[off + 4] | data[off + 5] << 8) : size - off;
	if (first > size - off)
		first = size - off;
	for (int part = 0; part < 2; part++) {
		size_t end = part ? size : off + first;

		while (off < end) {
			ssize_t w = send(sv[1], data + off, end - off, MSG_DONTWAIT | MSG_NOSIGNAL);

			if (w <= 0)
				break;
			off += (size_t)w;
		}
		for (int i = 0; i < 300 && r->p && (part || r->st != E_READY); i++) {
			s->now_ps += 125 * PS_PER_US;
			usbredir_poll(s);
			while (recv(sv[1], sink, sizeof(sink), MSG_DONTWAIT) > 0)
				;
		}
	}
	while (recv(sv[1], sink, sizeof(sink), MSG_DONTWAIT) > 0)
		;
	usbredir_close(s);
	close(sv[1]);
	return 0;
}
