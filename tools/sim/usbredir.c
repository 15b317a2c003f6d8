// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: --usb unix:PATH. The simulated board's USB device (the
 * MUSB model, musb.h) exported with Debian's libusbredirparser: the
 * simulator is the usbredir "usb-host" side (usbredirparser_fl_usb_host,
 * the role of usbredirserver / usbredirhost), QEMU's usb-redir device the
 * "usb-guest" side that connects to the socket. Protocol:
 * freedesktop spice/usbredir docs/usb-redirection-protocol.md and
 * usbredirparser.h.
 *
 * In front of the model the bridge is the host controller and hub: when
 * the device attaches (musb_attached: SOFTCONN with PHY and VBUS) and a
 * peer has said hello, it resets the bus, reads the device descriptor at
 * address 0, sets address 1 (then waits the 2 ms SET_ADDRESS recovery
 * interval of USB 2.0 9.2.6.3), reads the device and configuration
 * descriptors, and sends interface_info, ep_info and device_connect (the
 * order usbredirhost uses). The peer's control packets become control
 * transfers on EP0 (SETUP, data stage packets of wMaxPacketSize, status
 * stage); set_configuration / set_alt_setting become SET_CONFIGURATION /
 * SET_INTERFACE; bulk packets become IN tokens until a short packet or
 * the requested length, or OUT packets of wMaxPacketSize. A NAKed token is
 * tried again at the next poll (after the firmware ran); a transfer not
 * done after 5 s of virtual time (USB 2.0 9.2.6.4's limit for a control
 * request) ends with usb_redir_timeout, a STALL with usb_redir_stall, and
 * three transactions in a row without an answer with usb_redir_ioerror.
 *
 * Polled from the main loop (musb_sync): a non-blocking socket, at most
 * POLL_BYTES read, POLL_TOKENS bus transactions and one write per poll; a
 * peer that leaves MAX_OUTPUT bytes of answers unread is closed. While a peer
 * is connected, virtual time may not run ahead of host time (the peer runs
 * in real time; same scheme as console_in.c): the poll waits on the socket
 * for the difference, at most 20 ms at a time.
 *
 * --usb-clock virtual (for the bench: throughput in virtual time) turns that
 * round: host time never paces the run. Each transaction occupies the bus
 * for its bit time at the negotiated speed (bus_charge), the next one waits
 * for the bus, a NAKed or unanswered token is tried again one microframe
 * (125 us) later, and the bridge announces those times with sim_event_at.
 * When the device is announced and no request from the peer is waiting,
 * the simulator waits on the socket in host time with virtual time
 * standing still (the peer takes no virtual time), at most IDLE_LIMIT_MS;
 * then the run ends with a fault.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include <usbredirparser.h>

#include "tools/sim/models.h"
#include "tools/sim/musb.h"
#include "tools/sim/usbdesc.h"
#include "tools/sim/usbredir.h"

#define POLL_BYTES   (256 * 1024)
#define POLL_TOKENS  256
#define MAX_BULK     (1024 * 1024)   /* the largest bulk request taken */
#define XFER_LIMIT_PS (5000ull * PS_PER_MS)
#define ADDR         1               /* the address the bridge assigns */
#define MAX_QUEUE    256             /* packets from the peer held at once */
#define MAX_OUTPUT   (64u << 20)     /* answers the peer has not read yet */
#define UFRAME_PS    (125 * PS_PER_US)
#define IDLE_LIMIT_MS 10000          /* --usb-clock virtual: the peer's silence */

enum job_kind { J_CONTROL, J_SETCONF, J_SETALT, J_BULK };

/* One request from the peer waiting for (or on) the bus. */
struct job {
	enum job_kind kind;
	uint64_t id;
	struct usb_redir_control_packet_header ctl;
	struct usb_redir_bulk_packet_header bulk;
	uint8_t *data;          /* OUT data or the IN buffer (malloc) */
	unsigned len, done;     /* requested, transferred */
	uint8_t iface, alt, conf;
	struct job *next;
};

/* The bridge's own steps after a device appears. */
enum enum_state {
	E_DETACHED,   /* no device, or no peer hello yet */
	E_RESET,      /* bus reset sent; wait 10 ms (USB 2.0 7.1.7.5) */
	E_DEV64,      /* GET_DESCRIPTOR(device, 64) at address 0 */
	E_SETADDR,
	E_RECOVER,    /* 2 ms after SET_ADDRESS */
	E_DEV18,
	E_CONF9,
	E_CONFALL,
	E_READY,      /* device_connect sent; peer requests run */
	E_FAILED,     /* enumeration failed: wait for a detach */
};

/* The control transfer on the bus. */
struct ctl {
	bool active;
	uint8_t setup[8];
	uint8_t buf[4096];      /* the bridge's own transfers */
	uint8_t *data;          /* data stage buffer */
	unsigned len, done;
	int stage;              /* 0 SETUP, 1 data, 2 status */
	uint8_t addr;
	uint64_t start_ps;
	int errs;
};

struct usbredir {
	struct sim *s;
	char path[108];
	int lfd, fd;
	struct usbredirparser *p;
	bool hello;
	bool announced;         /* device_connect sent for this device */
	bool await_ack;         /* device_disconnect sent, its ack not yet in */
	bool bad;               /* the peer's connection is to be closed */
	long budget;            /* bytes still to read in this poll */
	enum enum_state st;
	uint64_t wait_until;
	uint8_t addr;           /* the device's address now */
	struct ctl c;
	struct job *ctl_q, *cur;          /* EP0 requests; the one on the bus */
	struct job *bulk_q[USBDESC_EPS];  /* per endpoint, head on the bus */
	unsigned queued;
	struct usbdesc_dev dev;
	uint8_t conf_desc[4096];
	unsigned conf_len;
	uint8_t config;                   /* the configuration set, 0 none */
	uint8_t alt[32];
	struct usbdesc_conf info;
	uint64_t virt0_ps;                /* virtual and host time at accept */
	struct timespec host0;
	/* --usb-clock virtual: when the bus is free, when EP0 and each bulk
	 * endpoint may be tried again after a NAK */
	bool virt;
	uint64_t bus_ps, ctl_retry_ps, bulk_retry_ps[USBDESC_EPS];
};

static void msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void msg(const char *fmt, ...)
{
	va_list ap;

	fputs("sim: usb: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* ------------------------------------------------------------ bus time */

/*
 * --usb-clock virtual: a transaction with len data bytes holds the bus for
 * (len + overhead) bytes at the bit rate, overhead being USB 2.0 Table
 * 5-10's (high speed, 55 bytes: token, data and handshake packets with
 * their SYNC, PID, CRC and EOP, and the inter-packet gaps) or Table 5-9's
 * (full speed bulk, 13 bytes). No bit stuffing: those tables' figure (13
 * 512-byte bulk transactions a microframe) is what a host gets at best.
 */
static void bus_charge(struct usbredir *r, unsigned len)
{
	uint64_t now = sim_now_ps(r->s), ps;

	if (!r->virt)
		return;
	if (musb_high_speed(r->s))
		ps = (uint64_t)(len + 55) * 8 * PS_PER_US / 480;
	else
		ps = (uint64_t)(len + 13) * 8 * PS_PER_US / 12;
	r->bus_ps = (r->bus_ps > now ? r->bus_ps : now) + ps;
}

/* Whether a token may go out now: always with the host clock; with the
 * virtual one once the bus is free and the pipe's retry time has come. */
static bool bus_ready(struct usbredir *r, uint64_t retry_ps)
{
	uint64_t now = sim_now_ps(r->s);

	return !r->virt || (now >= r->bus_ps && now >= retry_ps);
}

/* ------------------------------------------------------------ socket I/O */

static int peer_read(void *priv, uint8_t *data, int count)
{
	struct usbredir *r = priv;
	ssize_t n;

	if (r->budget <= 0)
		return 0;
	if (count > r->budget)
		count = (int)r->budget;
	n = recv(r->fd, data, (size_t)count, MSG_DONTWAIT);
	if (n > 0) {
		r->budget -= n;
		return (int)n;
	}
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return 0;
	if (n == 0)
		msg("the peer closed the connection");
	else
		msg("reading from the peer: %s", strerror(errno));
	r->bad = true;
	return -1;
}

static int peer_write(void *priv, uint8_t *data, int count)
{
	struct usbredir *r = priv;
	ssize_t n = send(r->fd, data, (size_t)count, MSG_DONTWAIT | MSG_NOSIGNAL);

	if (n >= 0)
		return (int)n;
	if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
		return 0;
	msg("writing to the peer: %s", strerror(errno));
	r->bad = true;
	return -1;
}

static void peer_log(void *priv, int level, const char *text)
{
	(void)priv;
	if (level <= usbredirparser_warning)
		msg("usbredirparser: %s", text);
}

/* ------------------------------------------------------------ replies */

static void reply_ctl(struct usbredir *r, struct job *j, uint8_t status)
{
	struct usb_redir_control_packet_header h = j->ctl;
	bool in = h.endpoint & 0x80;

	h.status = status;
	h.length = (uint16_t)j->done;
	usbredirparser_send_control_packet(r->p, j->id, &h, in && j->done ? j->data : NULL,
					   in ? (int)j->done : 0);
}

static void reply_bulk(struct usbredir *r, struct job *j, uint8_t status)
{
	struct usb_redir_bulk_packet_header h = j->bulk;
	bool in = h.endpoint & 0x80;

	h.status = status;
	h.length = (uint16_t)j->done;
	h.length_high = (uint16_t)(j->done >> 16);
	usbredirparser_send_bulk_packet(r->p, j->id, &h, in && j->done ? j->data : NULL,
					in ? (int)j->done : 0);
}

static void free_job(struct usbredir *r, struct job *j)
{
	free(j->data);
	free(j);
	r->queued--;
}

/* The peer's request ends with status: its reply, then it is gone. */
static void finish(struct usbredir *r, struct job *j, uint8_t status)
{
	if (r->p && !r->bad) {
		switch (j->kind) {
		case J_CONTROL:
			reply_ctl(r, j, status);
			break;
		case J_BULK:
			reply_bulk(r, j, status);
			break;
		case J_SETCONF: {
			struct usb_redir_configuration_status_header h = {
				status, status == usb_redir_success ? j->conf : r->config };

			usbredirparser_send_configuration_status(r->p, j->id, &h);
			break;
		}
		case J_SETALT: {
			struct usb_redir_alt_setting_status_header h = {
				status, j->iface, r->alt[j->iface & 31] };

			usbredirparser_send_alt_setting_status(r->p, j->id, &h);
			break;
		}
		}
	}
	free_job(r, j);
}

static void drop_all(struct usbredir *r, bool reply, uint8_t status)
{
	struct job *j, *n;

	if (r->cur) {
		if (reply)
			finish(r, r->cur, status);
		else
			free_job(r, r->cur);
		r->cur = NULL;
	}
	for (j = r->ctl_q; j; j = n) {
		n = j->next;
		if (reply)
			finish(r, j, status);
		else
			free_job(r, j);
	}
	r->ctl_q = NULL;
	for (int i = 0; i < USBDESC_EPS; i++) {
		for (j = r->bulk_q[i]; j; j = n) {
			n = j->next;
			if (reply)
				finish(r, j, status);
			else
				free_job(r, j);
		}
		r->bulk_q[i] = NULL;
	}
	r->c.active = false;
}

static void send_info(struct usbredir *r)
{
	struct usb_redir_interface_info_header ii;
	struct usb_redir_ep_info_header ei;
	struct usbdesc_conf *c = &r->info;

	memset(&ii, 0, sizeof(ii));
	memset(&ei, 0, sizeof(ei));
	ii.interface_count = c->count;
	for (unsigned i = 0; i < c->count && i < 32; i++) {
		ii.interface[i] = c->num[i];
		ii.interface_class[i] = c->cls[i];
		ii.interface_subclass[i] = c->subclass[i];
		ii.interface_protocol[i] = c->protocol[i];
	}
	for (int i = 0; i < USBDESC_EPS; i++) {
		ei.type[i] = c->ep_type[i];
		ei.interval[i] = c->ep_interval[i];
		ei.interface[i] = c->ep_iface[i];
		ei.max_packet_size[i] = c->ep_maxp[i];
	}
	usbredirparser_send_interface_info(r->p, &ii);
	usbredirparser_send_ep_info(r->p, &ei);
}

/* The interfaces and endpoints of the current configuration (the first
 * one while unconfigured: what the peer needs to know before it sets it). */
static bool parse_info(struct usbredir *r)
{
	if (usbdesc_config(r->conf_desc, r->conf_len, r->alt, r->dev.maxp0, &r->info)) {
		msg("the device's configuration descriptor is malformed");
		return false;
	}
	return true;
}

/* ------------------------------------------------------------ EP0 on the bus */

static void ctl_start(struct usbredir *r, const uint8_t setup[8], uint8_t *data, unsigned len)
{
	struct ctl *c = &r->c;

	memcpy(c->setup, setup, 8);
	c->data = data;
	c->len = len;
	c->done = 0;
	c->stage = 0;
	c->addr = r->addr;
	c->start_ps = sim_now_ps(r->s);
	c->errs = 0;
	c->active = true;
	r->ctl_retry_ps = 0;
}

/* Run the control transfer; the transfer's usbredir status when it ended,
 * -1 while it goes on. *tokens counts the transactions used. */
static int ctl_step(struct usbredir *r, int *tokens)
{
	struct sim *s = r->s;
	struct ctl *c = &r->c;
	bool in = c->setup[0] & 0x80;
	unsigned mp = r->dev.maxp0 ? r->dev.maxp0 : 64;

	if (!musb_attached(s))
		return usb_redir_ioerror;
	while (*tokens > 0) {
		int rc;

		if (!bus_ready(r, r->ctl_retry_ps))
			return -1;
		(*tokens)--;
		if (sim_now_ps(s) - c->start_ps > XFER_LIMIT_PS)
			return usb_redir_timeout;
		if (c->stage == 0) {
			rc = musb_setup(s, c->addr, c->setup);
			bus_charge(r, 8);
			if (rc == 0)
				c->stage = c->len ? 1 : 2;
		} else if (c->stage == 1 && in) {
			unsigned want = c->len - c->done < mp ? c->len - c->done : mp;

			rc = musb_in(s, c->addr, 0, c->data + c->done, want);
			bus_charge(r, rc > 0 ? (unsigned)rc : 0);
			if (rc >= 0) {
				c->done += (unsigned)rc;
				if ((unsigned)rc < mp || c->done == c->len)
					c->stage = 2;
			}
		} else if (c->stage == 1) {
			unsigned n = c->len - c->done < mp ? c->len - c->done : mp;

			rc = musb_out(s, c->addr, 0, c->data + c->done, n);
			bus_charge(r, n);
			if (rc == 0) {
				c->done += n;
				if (c->done == c->len)
					c->stage = 2;
			}
		} else {
			uint8_t zlp[1];

			/* status stage: the opposite direction, zero length */
			rc = in ? musb_out(s, c->addr, 0, zlp, 0) : musb_in(s, c->addr, 0, zlp, 0);
			bus_charge(r, 0);
			if (rc >= 0) {
				c->active = false;
				return usb_redir_success;
			}
		}
		if (rc == USBT_NAK || rc == USBT_ERR)
			r->ctl_retry_ps = sim_now_ps(s) + UFRAME_PS;   /* virtual clock only */
		if (rc == USBT_NAK)
			return -1;
		if (rc == USBT_STALL || rc == USBT_BABBLE) {
			c->active = false;
			return rc == USBT_STALL ? usb_redir_stall : usb_redir_babble;
		}
		if (rc == USBT_ERR) {
			if (++c->errs >= 3) {
				c->active = false;
				return usb_redir_ioerror;
			}
			return -1;   /* the host controller tries again later */
		}
		c->errs = 0;
	}
	return -1;
}

static void setup_pkt(uint8_t p[8], uint8_t type, uint8_t req, uint16_t val, uint16_t idx,
		      uint16_t len)
{
	p[0] = type;
	p[1] = req;
	p[2] = (uint8_t)val;
	p[3] = (uint8_t)(val >> 8);
	p[4] = (uint8_t)idx;
	p[5] = (uint8_t)(idx >> 8);
	p[6] = (uint8_t)len;
	p[7] = (uint8_t)(len >> 8);
}

static void enum_fail(struct usbredir *r, const char *what, int status)
{
	static const char *const names[] = { "success", "cancelled", "inval", "ioerror",
					      "stall", "timeout", "babble" };

	msg("enumeration failed: %s: %s%s", what,
	    status >= 0 && status <= 6 ? names[status] : "?",
	    r->st == E_SETADDR && status == usb_redir_ioerror ?
	    " (no answer at address 0 in the status stage: FADDR written too early?)" : "");
	r->st = E_FAILED;
	if (r->announced) {     /* gone for the peer too (after its reset) */
		drop_all(r, true, usb_redir_ioerror);
		usbredirparser_send_device_disconnect(r->p);
		r->await_ack = usbredirparser_peer_has_cap(r->p,
				usb_redir_cap_device_disconnect_ack);
		r->announced = false;
	}
}

/* The bridge's own enumeration, one step per call while it can go on. */
static void enum_step(struct usbredir *r, int *tokens)
{
	struct sim *s = r->s;
	uint8_t p[8];
	int rc;

	if (r->st == E_RESET || r->st == E_RECOVER) {
		if (sim_now_ps(s) < r->wait_until) {
			sim_event_at(s, r->wait_until);
			return;
		}
		r->st = r->st == E_RESET ? E_DEV64 : E_DEV18;
	}
	if (!r->c.active) {
		switch (r->st) {
		case E_DEV64:
			setup_pkt(p, 0x80, 6, 0x0100, 0, 64);
			break;
		case E_SETADDR:
			setup_pkt(p, 0x00, 5, ADDR, 0, 0);
			break;
		case E_DEV18:
			setup_pkt(p, 0x80, 6, 0x0100, 0, 18);
			break;
		case E_CONF9:
			setup_pkt(p, 0x80, 6, 0x0200, 0, 9);
			break;
		case E_CONFALL:
			setup_pkt(p, 0x80, 6, 0x0200, 0, (uint16_t)r->conf_len);
			break;
		default:
			return;
		}
		ctl_start(r, p, r->c.buf, (unsigned)(p[6] | p[7] << 8));
	}
	rc = ctl_step(r, tokens);
	if (rc < 0)
		return;
	if (rc != usb_redir_success)
		return enum_fail(r, r->st == E_SETADDR ? "SET_ADDRESS" : "GET_DESCRIPTOR", rc);
	switch (r->st) {
	case E_DEV64:
		/* only bMaxPacketSize0 counts here (the host reads 8 bytes or more) */
		if (r->c.done < 8 || r->c.buf[1] != 1)
			return enum_fail(r, "device descriptor at address 0", usb_redir_inval);
		r->dev.maxp0 = r->c.buf[7];
		r->st = E_SETADDR;
		break;
	case E_SETADDR:
		r->addr = ADDR;
		r->wait_until = sim_now_ps(s) + 2 * PS_PER_MS;
		r->st = E_RECOVER;
		break;
	case E_DEV18:
		if (usbdesc_device(r->c.buf, r->c.done, &r->dev))
			return enum_fail(r, "device descriptor", usb_redir_inval);
		r->st = E_CONF9;
		break;
	case E_CONF9:
		if (r->c.done < 9 || r->c.buf[1] != 2)
			return enum_fail(r, "configuration descriptor", usb_redir_inval);
		r->conf_len = (unsigned)(r->c.buf[2] | r->c.buf[3] << 8);
		if (r->conf_len < 9 || r->conf_len > sizeof(r->conf_desc))
			return enum_fail(r, "configuration descriptor wTotalLength", usb_redir_inval);
		r->st = E_CONFALL;
		break;
	case E_CONFALL: {
		struct usb_redir_device_connect_header h = { 0 };

		memcpy(r->conf_desc, r->c.buf, r->c.done);
		r->conf_len = r->c.done;
		memset(r->alt, 0, sizeof(r->alt));
		r->config = 0;
		if (!parse_info(r))
			return enum_fail(r, "configuration descriptor", usb_redir_inval);
		r->st = E_READY;
		if (r->announced) {
			/* after the peer's reset the peer knows the device; its
			 * interfaces may have changed (DFU's detach) */
			send_info(r);
			break;
		}
		r->announced = true;
		send_info(r);
		h.speed = musb_high_speed(s) ? usb_redir_speed_high : usb_redir_speed_full;
		h.device_class = r->dev.cls;
		h.device_subclass = r->dev.subclass;
		h.device_protocol = r->dev.protocol;
		h.vendor_id = r->dev.vid;
		h.product_id = r->dev.pid;
		h.device_version_bcd = r->dev.bcd_device;
		usbredirparser_send_device_connect(r->p, &h);
		msg("device %04x:%04x connected at %s speed", r->dev.vid, r->dev.pid,
		    musb_high_speed(s) ? "high" : "full");
		break;
	}
	default:
		break;
	}
}

/* ------------------------------------------------------------ peer requests on the bus */

static void ctl_job_step(struct usbredir *r, int *tokens)
{
	struct job *j;
	int rc;

	if (!r->cur) {
		uint8_t p[8];

		j = r->ctl_q;
		if (!j)
			return;
		r->ctl_q = j->next;
		r->cur = j;
		if (j->kind == J_CONTROL)
			setup_pkt(p, j->ctl.requesttype, j->ctl.request, j->ctl.value, j->ctl.index,
				  j->ctl.length);
		else if (j->kind == J_SETCONF)
			setup_pkt(p, 0x00, 9, j->conf, 0, 0);
		else
			setup_pkt(p, 0x01, 11, j->alt, j->iface, 0);
		ctl_start(r, p, j->data, j->kind == J_CONTROL ? j->len : 0);
	}
	j = r->cur;
	rc = ctl_step(r, tokens);
	if (rc < 0)
		return;
	j->done = r->c.done;
	r->cur = NULL;
	if (rc == usb_redir_success && j->kind == J_SETCONF) {
		r->config = j->conf;
		memset(r->alt, 0, sizeof(r->alt));
		if (parse_info(r))
			send_info(r);
	} else if (rc == usb_redir_success && j->kind == J_SETALT) {
		r->alt[j->iface & 31] = j->alt;
		if (parse_info(r))
			send_info(r);
	}
	finish(r, j, (uint8_t)rc);
}

/* One endpoint's head request: tokens until it ends, the endpoint NAKs or
 * this poll's tokens are used up. */
static void bulk_step(struct usbredir *r, int idx, int *tokens)
{
	struct sim *s = r->s;
	struct job *j = r->bulk_q[idx];
	bool in = idx >= 16;
	unsigned ep = (unsigned)idx & 15, mp = musb_maxp(s, ep, in);
	int status = -1;

	if (!mp)
		status = usb_redir_ioerror;       /* the firmware has not set it up */
	while (status < 0 && *tokens > 0) {
		unsigned n = j->len - j->done < mp ? j->len - j->done : mp;
		int rc;

		if (!bus_ready(r, r->bulk_retry_ps[idx]))
			return;
		(*tokens)--;
		if (in)
			rc = musb_in(s, r->addr, ep, j->data + j->done, n);
		else
			rc = musb_out(s, r->addr, ep, j->data + j->done, n);
		bus_charge(r, in ? (rc > 0 ? (unsigned)rc : 0) : n);
		if (rc == USBT_NAK) {
			r->bulk_retry_ps[idx] = sim_now_ps(s) + UFRAME_PS;
			return;
		}
		if (rc == USBT_STALL)
			status = usb_redir_stall;
		else if (rc == USBT_BABBLE)
			status = usb_redir_babble;
		else if (rc < 0)
			status = usb_redir_ioerror;
		else {
			j->done += in ? (unsigned)rc : n;
			/* IN: a short packet ends the transfer; OUT: all sent (a
			 * zero-length request is one zero-length packet) */
			if ((in && (unsigned)rc < mp) || j->done == j->len)
				status = usb_redir_success;
		}
	}
	if (status < 0)
		return;                       /* more next time */
	r->bulk_q[idx] = j->next;
	finish(r, j, (uint8_t)status);
}

/* ------------------------------------------------------------ from the peer */

/* Whether the peer's requests can be taken: the device is announced
 * (they wait while it is addressed again after the peer's reset). */
static bool device_there(const struct usbredir *r)
{
	return r->announced && r->st != E_FAILED && r->st != E_DETACHED;
}

static bool queue_ok(struct usbredir *r)
{
	if (r->queued >= MAX_QUEUE) {
		msg("the peer has more than %d requests outstanding: closing", MAX_QUEUE);
		r->bad = true;
		return false;
	}
	return true;
}

static struct job *new_job(struct usbredir *r, enum job_kind k, uint64_t id)
{
	struct job *j = calloc(1, sizeof(*j));

	if (!j)
		abort();
	j->kind = k;
	j->id = id;
	r->queued++;
	return j;
}

static void append(struct job **q, struct job *j)
{
	while (*q)
		q = &(*q)->next;
	*q = j;
}

static void take_data(struct usbredir *r, struct job *j, uint8_t *data, int len, unsigned want,
		      bool in)
{
	j->len = want;
	if (want)
		j->data = calloc(1, want);
	if (want && !j->data)
		abort();
	if (!in && data && len > 0)
		memcpy(j->data, data, (size_t)len < want ? (size_t)len : want);
	if (data)
		usbredirparser_free_packet_data(r->p, data);
}

static void on_control(void *priv, uint64_t id, struct usb_redir_control_packet_header *h,
		       uint8_t *data, int len)
{
	struct usbredir *r = priv;
	bool in = h->endpoint & 0x80;
	struct job *j;

	if (!queue_ok(r)) {
		usbredirparser_free_packet_data(r->p, data);
		return;
	}
	j = new_job(r, J_CONTROL, id);
	j->ctl = *h;
	take_data(r, j, data, len, h->length, in);
	if (!device_there(r) || (h->endpoint & 0x7F) != 0 ||
	    (!in && (unsigned)len != h->length))
		return finish(r, j, !device_there(r) ? usb_redir_ioerror : usb_redir_inval);
	append(&r->ctl_q, j);
}

static void on_bulk(void *priv, uint64_t id, struct usb_redir_bulk_packet_header *h,
		    uint8_t *data, int len)
{
	struct usbredir *r = priv;
	bool in = h->endpoint & 0x80;
	unsigned want = h->length | (unsigned)h->length_high << 16;
	int idx = (in ? 16 : 0) | (h->endpoint & 15);
	struct job *j;

	if (!queue_ok(r)) {
		usbredirparser_free_packet_data(r->p, data);
		return;
	}
	j = new_job(r, J_BULK, id);
	j->bulk = *h;
	if (want > MAX_BULK) {
		usbredirparser_free_packet_data(r->p, data);
		return finish(r, j, usb_redir_inval);
	}
	take_data(r, j, data, len, want, in);
	if (!device_there(r) || (h->endpoint & 15) == 0 || r->info.ep_type[idx] != 2 ||
	    (!in && (unsigned)len != want))
		return finish(r, j, !device_there(r) ? usb_redir_ioerror : usb_redir_inval);
	append(&r->bulk_q[idx], j);
}

static void on_set_configuration(void *priv, uint64_t id,
				 struct usb_redir_set_configuration_header *h)
{
	struct usbredir *r = priv;
	struct job *j;

	if (!queue_ok(r))
		return;
	j = new_job(r, J_SETCONF, id);
	j->conf = h->configuration;
	if (!device_there(r))
		return finish(r, j, usb_redir_ioerror);
	append(&r->ctl_q, j);
}

static void on_get_configuration(void *priv, uint64_t id)
{
	struct usbredir *r = priv;
	struct usb_redir_configuration_status_header h = {
		device_there(r) ? usb_redir_success : usb_redir_ioerror, r->config };

	usbredirparser_send_configuration_status(r->p, id, &h);
}

static void on_set_alt(void *priv, uint64_t id, struct usb_redir_set_alt_setting_header *h)
{
	struct usbredir *r = priv;
	struct job *j;

	if (!queue_ok(r))
		return;
	j = new_job(r, J_SETALT, id);
	j->iface = h->interface;
	j->alt = h->alt;
	if (!device_there(r) || h->interface >= 32)
		return finish(r, j, !device_there(r) ? usb_redir_ioerror : usb_redir_inval);
	append(&r->ctl_q, j);
}

static void on_get_alt(void *priv, uint64_t id, struct usb_redir_get_alt_setting_header *h)
{
	struct usbredir *r = priv;
	struct usb_redir_alt_setting_status_header st = {
		h->interface < 32 ? usb_redir_success : usb_redir_inval, h->interface,
		h->interface < 32 ? r->alt[h->interface] : 0 };

	usbredirparser_send_alt_setting_status(r->p, id, &st);
}

/* A bus reset from the peer: the device is in its default state again, so
 * the bridge readdresses it (the peer does SET_ADDRESS on its own side). */
static void on_reset(void *priv)
{
	struct usbredir *r = priv;

	if (!device_there(r))
		return;
	drop_all(r, true, usb_redir_cancelled);
	musb_bus_reset(r->s);
	r->addr = 0;
	r->config = 0;
	memset(r->alt, 0, sizeof(r->alt));
	parse_info(r);
	r->wait_until = sim_now_ps(r->s) + 10 * PS_PER_MS;
	r->st = E_RESET;  /* then the descriptors again; device_connect is not repeated */
}

static bool cancel_in(struct usbredir *r, struct job **q, uint64_t id)
{
	for (; *q; q = &(*q)->next) {
		struct job *j = *q;

		if (j->id == id) {
			*q = j->next;
			j->done = 0;
			finish(r, j, usb_redir_cancelled);
			return true;
		}
	}
	return false;
}

static void on_cancel(void *priv, uint64_t id)
{
	struct usbredir *r = priv;

	if (r->cur && r->cur->id == id) {
		/* the transfer on the bus is abandoned; the next SETUP is the
		 * firmware's SETUPEND */
		r->c.active = false;
		r->cur->done = 0;
		finish(r, r->cur, usb_redir_cancelled);
		r->cur = NULL;
		return;
	}
	if (cancel_in(r, &r->ctl_q, id))
		return;
	for (int i = 0; i < USBDESC_EPS; i++)
		if (cancel_in(r, &r->bulk_q[i], id))
			return;
}

static void on_hello(void *priv, struct usb_redir_hello_header *h)
{
	struct usbredir *r = priv;

	msg("peer \"%.*s\" said hello", (int)sizeof(h->version), h->version);
	r->hello = true;
}

static void on_unsupported_iso(void *priv, uint64_t id, struct usb_redir_start_iso_stream_header *h)
{
	struct usbredir *r = priv;
	struct usb_redir_iso_stream_status_header st = { usb_redir_inval, h->endpoint };

	usbredirparser_send_iso_stream_status(r->p, id, &st);
}

static void on_unsupported_intr(void *priv, uint64_t id,
				struct usb_redir_start_interrupt_receiving_header *h)
{
	struct usbredir *r = priv;
	struct usb_redir_interrupt_receiving_status_header st = { usb_redir_inval, h->endpoint };

	usbredirparser_send_interrupt_receiving_status(r->p, id, &st);
}

static void on_unsupported_streams(void *priv, uint64_t id,
				   struct usb_redir_alloc_bulk_streams_header *h)
{
	struct usbredir *r = priv;
	struct usb_redir_bulk_streams_status_header st = { h->endpoints, h->no_streams,
							   usb_redir_inval };

	usbredirparser_send_bulk_streams_status(r->p, id, &st);
}

static void on_unsupported_bulk_rx(void *priv, uint64_t id,
				   struct usb_redir_start_bulk_receiving_header *h)
{
	struct usbredir *r = priv;
	struct usb_redir_bulk_receiving_status_header st = { h->stream_id, h->endpoint,
							     usb_redir_inval };

	usbredirparser_send_bulk_receiving_status(r->p, id, &st);
}

static void on_intr_packet(void *priv, uint64_t id,
			   struct usb_redir_interrupt_packet_header *h, uint8_t *data, int len)
{
	struct usbredir *r = priv;
	struct usb_redir_interrupt_packet_header rh = *h;

	(void)len;
	usbredirparser_free_packet_data(r->p, data);
	rh.status = usb_redir_inval;
	rh.length = 0;
	usbredirparser_send_interrupt_packet(r->p, id, &rh, NULL, 0);
}

static void on_iso_packet(void *priv, uint64_t id, struct usb_redir_iso_packet_header *h,
			  uint8_t *data, int len)
{
	struct usbredir *r = priv;
	struct usb_redir_iso_packet_header rh = *h;

	(void)len;
	usbredirparser_free_packet_data(r->p, data);
	rh.status = usb_redir_inval;
	rh.length = 0;
	usbredirparser_send_iso_packet(r->p, id, &rh, NULL, 0);
}

/* Packets only a usb-host sends: the peer is confused. */
static void on_wrong_direction(void *priv)
{
	struct usbredir *r = priv;

	msg("the peer sent a packet only a usb-host sends: closing");
	r->bad = true;
}

static void on_wrong_connect(void *priv, struct usb_redir_device_connect_header *h)
{
	(void)h;
	on_wrong_direction(priv);
}

/* Requests that stop what was never started (streams, interrupt or iso
 * receiving), the filter and the disconnect acknowledgement: nothing to do. */
static void on_stop_iso(void *priv, uint64_t id, struct usb_redir_stop_iso_stream_header *h)
{
	(void)priv; (void)id; (void)h;
}

static void on_stop_intr(void *priv, uint64_t id,
			 struct usb_redir_stop_interrupt_receiving_header *h)
{
	(void)priv; (void)id; (void)h;
}

static void on_free_streams(void *priv, uint64_t id, struct usb_redir_free_bulk_streams_header *h)
{
	(void)priv; (void)id; (void)h;
}

static void on_stop_bulk_rx(void *priv, uint64_t id,
			    struct usb_redir_stop_bulk_receiving_header *h)
{
	(void)priv; (void)id; (void)h;
}

static void on_nothing(void *priv)
{
	(void)priv;
}

/* The peer has forgotten the old device: a new one may be announced
 * (usbredirhost waits for this too, so late packets are not misread). */
static void on_disconnect_ack(void *priv)
{
	((struct usbredir *)priv)->await_ack = false;
}

static void on_filter(void *priv, struct usbredirfilter_rule *rules, int n)
{
	(void)priv; (void)n;
	free(rules);   /* ours to free (usbredirparser.h) */
}

/* Packets only a usb-host sends, coming from the peer: it is confused. */
static void on_host_only_iface(void *priv, struct usb_redir_interface_info_header *h)
{
	(void)h;
	on_wrong_direction(priv);
}

static void on_host_only_ep(void *priv, struct usb_redir_ep_info_header *h)
{
	(void)h;
	on_wrong_direction(priv);
}

static void on_host_only_conf(void *priv, uint64_t id,
			      struct usb_redir_configuration_status_header *h)
{
	(void)id; (void)h;
	on_wrong_direction(priv);
}

static void on_host_only_alt(void *priv, uint64_t id, struct usb_redir_alt_setting_status_header *h)
{
	(void)id; (void)h;
	on_wrong_direction(priv);
}

static void on_host_only_iso(void *priv, uint64_t id, struct usb_redir_iso_stream_status_header *h)
{
	(void)id; (void)h;
	on_wrong_direction(priv);
}

static void on_host_only_intr(void *priv, uint64_t id,
			      struct usb_redir_interrupt_receiving_status_header *h)
{
	(void)id; (void)h;
	on_wrong_direction(priv);
}

static void on_host_only_streams(void *priv, uint64_t id,
				 struct usb_redir_bulk_streams_status_header *h)
{
	(void)id; (void)h;
	on_wrong_direction(priv);
}

static void on_host_only_bulk_rx(void *priv, uint64_t id,
				 struct usb_redir_bulk_receiving_status_header *h)
{
	(void)id; (void)h;
	on_wrong_direction(priv);
}

static void on_host_only_buffered(void *priv, uint64_t id,
				  struct usb_redir_buffered_bulk_packet_header *h, uint8_t *data,
				  int len)
{
	struct usbredir *r = priv;

	(void)id; (void)h; (void)len;
	usbredirparser_free_packet_data(r->p, data);
	on_wrong_direction(priv);
}

/* ------------------------------------------------------------ connection */

static void peer_close(struct usbredir *r)
{
	if (r->fd >= 0) {
		struct timespec now;

		/* both clocks of the connection: what pace() held together */
		clock_gettime(CLOCK_MONOTONIC, &now);
		msg("peer gone at %.3f ms of virtual time, after %.3f ms of host time",
		    (double)sim_now_ps(r->s) / PS_PER_MS,
		    (now.tv_sec - r->host0.tv_sec) * 1e3 + (now.tv_nsec - r->host0.tv_nsec) / 1e6);
	}
	drop_all(r, false, 0);
	if (r->p)
		usbredirparser_destroy(r->p);
	r->p = NULL;
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
	r->hello = false;
	r->bad = false;
	r->announced = false;
	r->await_ack = false;
	r->st = E_DETACHED;
}

static void peer_open(struct usbredir *r, int fd)
{
	uint32_t caps[USB_REDIR_CAPS_SIZE] = { 0 };
	struct usbredirparser *p = usbredirparser_create();

	if (!p)
		abort();
	r->fd = fd;
	r->p = p;
	p->priv = r;
	p->log_func = peer_log;
	p->read_func = peer_read;
	p->write_func = peer_write;
	p->hello_func = on_hello;
	p->reset_func = on_reset;
	p->set_configuration_func = on_set_configuration;
	p->get_configuration_func = on_get_configuration;
	p->set_alt_setting_func = on_set_alt;
	p->get_alt_setting_func = on_get_alt;
	p->cancel_data_packet_func = on_cancel;
	p->control_packet_func = on_control;
	p->bulk_packet_func = on_bulk;
	p->start_iso_stream_func = on_unsupported_iso;
	p->start_interrupt_receiving_func = on_unsupported_intr;
	p->alloc_bulk_streams_func = on_unsupported_streams;
	p->start_bulk_receiving_func = on_unsupported_bulk_rx;
	p->interrupt_packet_func = on_intr_packet;
	p->iso_packet_func = on_iso_packet;
	p->stop_iso_stream_func = on_stop_iso;
	p->stop_interrupt_receiving_func = on_stop_intr;
	p->free_bulk_streams_func = on_free_streams;
	p->stop_bulk_receiving_func = on_stop_bulk_rx;
	p->filter_reject_func = on_nothing;
	p->filter_filter_func = on_filter;
	p->device_disconnect_ack_func = on_disconnect_ack;
	/* every callback set: the parser calls them without checking */
	p->device_connect_func = on_wrong_connect;
	p->device_disconnect_func = on_wrong_direction;
	p->interface_info_func = on_host_only_iface;
	p->ep_info_func = on_host_only_ep;
	p->configuration_status_func = on_host_only_conf;
	p->alt_setting_status_func = on_host_only_alt;
	p->iso_stream_status_func = on_host_only_iso;
	p->interrupt_receiving_status_func = on_host_only_intr;
	p->bulk_streams_status_func = on_host_only_streams;
	p->bulk_receiving_status_func = on_host_only_bulk_rx;
	p->buffered_bulk_packet_func = on_host_only_buffered;
	usbredirparser_caps_set_cap(caps, usb_redir_cap_connect_device_version);
	usbredirparser_caps_set_cap(caps, usb_redir_cap_ep_info_max_packet_size);
	usbredirparser_caps_set_cap(caps, usb_redir_cap_64bits_ids);
	usbredirparser_caps_set_cap(caps, usb_redir_cap_32bits_bulk_length);
	usbredirparser_caps_set_cap(caps, usb_redir_cap_device_disconnect_ack);
	usbredirparser_init(p, "gtaboot-sim", caps, USB_REDIR_CAPS_SIZE,
			    usbredirparser_fl_usb_host);
	r->virt0_ps = sim_now_ps(r->s);
	clock_gettime(CLOCK_MONOTONIC, &r->host0);
	msg("peer connected on %s at %.3f ms of virtual time", r->path,
	    (double)r->virt0_ps / PS_PER_MS);
}

static void accept_peer(struct usbredir *r)
{
	int fd;

	if (r->lfd < 0 || r->fd >= 0)
		return;
	fd = accept(r->lfd, NULL, NULL);
	if (fd < 0)
		return;
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) < 0) {
		close(fd);
		return;
	}
	peer_open(r, fd);
}

/* The peer runs in host time: virtual time waits for it. */
static void pace(struct usbredir *r)
{
	struct timespec now;
	int64_t host_us, virt_us = (int64_t)((sim_now_ps(r->s) - r->virt0_ps) / PS_PER_US);

	clock_gettime(CLOCK_MONOTONIC, &now);
	host_us = (int64_t)(now.tv_sec - r->host0.tv_sec) * 1000000 +
		  (now.tv_nsec - r->host0.tv_nsec) / 1000;
	if (virt_us > host_us) {
		int64_t d = virt_us - host_us;
		struct pollfd pf = { .fd = r->fd, .events = POLLIN };

		poll(&pf, 1, (int)(d > 20000 ? 20 : d / 1000));
	}
}

/* The device came or went. */
static void track_device(struct usbredir *r)
{
	bool att = musb_attached(r->s);

	if (!att && r->st != E_DETACHED) {
		drop_all(r, true, usb_redir_ioerror);
		if (r->p && r->announced) {
			usbredirparser_send_device_disconnect(r->p);
			r->await_ack = usbredirparser_peer_has_cap(r->p,
					usb_redir_cap_device_disconnect_ack);
			msg("device disconnected");
		}
		r->announced = false;
		r->st = E_DETACHED;
		r->addr = 0;
	} else if (att && r->st == E_DETACHED && r->hello && !r->await_ack) {
		musb_bus_reset(r->s);
		r->addr = 0;
		r->wait_until = sim_now_ps(r->s) + 10 * PS_PER_MS;
		r->st = E_RESET;
		sim_event_at(r->s, r->wait_until);
	}
}

/* --usb-clock virtual: the next time the bus can do something for the
 * requests waiting (the bus free, the pipe's NAK retry time come). */
static void virt_schedule(struct usbredir *r)
{
	uint64_t now = sim_now_ps(r->s), next = UINT64_MAX, t;

	if (r->c.active || r->ctl_q || r->cur)
		next = r->bus_ps > r->ctl_retry_ps ? r->bus_ps : r->ctl_retry_ps;
	for (int i = 0; i < USBDESC_EPS; i++) {
		if (!r->bulk_q[i])
			continue;
		t = r->bus_ps > r->bulk_retry_ps[i] ? r->bus_ps : r->bulk_retry_ps[i];
		if (t < next)
			next = t;
	}
	if (next == UINT64_MAX)
		return;
	sim_event_at(r->s, next > now ? next : now + UFRAME_PS);
}

/* One look at the socket and the bus; false when the peer was closed. */
static bool poll_once(struct usbredir *r)
{
	struct sim *s = r->s;
	int tokens = POLL_TOKENS;

	r->budget = POLL_BYTES;
	if (!r->bad) {
		int rc = usbredirparser_do_read(r->p);

		if (rc == usbredirparser_read_parse_error) {
			msg("the peer sent something that is not usbredir: closing");
			r->bad = true;
		} else if (rc < 0 && rc != usbredirparser_read_io_error) {
			msg("usbredir parser error %d: closing", rc);
			r->bad = true;
		}
	}
	if (!r->bad) {
		track_device(r);
		if (r->st != E_READY && r->st != E_DETACHED && r->st != E_FAILED)
			enum_step(r, &tokens);
		if (r->st == E_READY) {
			ctl_job_step(r, &tokens);
			for (int i = 0; i < USBDESC_EPS && tokens > 0; i++)
				if (r->bulk_q[i])
					bulk_step(r, i, &tokens);
		}
		if (r->virt) {
			virt_schedule(r);
		} else {
			/* more to do on the bus: look again in a microframe */
			if (r->c.active || r->ctl_q || r->cur)
				sim_event_at(s, sim_now_ps(s) + UFRAME_PS);
			for (int i = 0; i < USBDESC_EPS; i++)
				if (r->bulk_q[i])
					sim_event_at(s, sim_now_ps(s) + UFRAME_PS);
		}
	}
	/* one write a poll: what the socket does not take waits for the next */
	if (!r->bad && usbredirparser_has_data_to_write(r->p))
		usbredirparser_do_write(r->p);
	if (!r->bad && usbredirparser_get_bufferered_output_size(r->p) > MAX_OUTPUT) {
		msg("the peer does not read what it asked for (%llu bytes waiting): closing",
		    (unsigned long long)usbredirparser_get_bufferered_output_size(r->p));
		r->bad = true;
	}
	if (r->bad) {
		peer_close(r);
		return false;
	}
	return true;
}

/* --usb-clock virtual: the device is on the peer's bus and no request of
 * the peer waits; the next step is the peer's. */
static bool virt_idle(const struct usbredir *r)
{
	if (r->st != E_READY || r->c.active || r->ctl_q || r->cur)
		return false;
	for (int i = 0; i < USBDESC_EPS; i++)
		if (r->bulk_q[i])
			return false;
	return true;
}

/* Wait in host time, virtual time standing still, until the peer sends
 * something (our answers written meanwhile); false after IDLE_LIMIT_MS. */
static bool virt_wait(struct usbredir *r)
{
	struct timespec t0, now;
	long ms;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		struct pollfd pf = { .fd = r->fd, .events = POLLIN };

		if (usbredirparser_has_data_to_write(r->p))
			pf.events |= POLLOUT;
		clock_gettime(CLOCK_MONOTONIC, &now);
		ms = (now.tv_sec - t0.tv_sec) * 1000 + (now.tv_nsec - t0.tv_nsec) / 1000000;
		if (ms >= IDLE_LIMIT_MS)
			break;
		if (poll(&pf, 1, (int)(IDLE_LIMIT_MS - ms)) < 0 && errno != EINTR)
			break;
		if (pf.revents & (POLLIN | POLLHUP | POLLERR))
			return true;
		if ((pf.revents & POLLOUT) && usbredirparser_do_write(r->p) < 0)
			return true;   /* poll_once closes it */
	}
	msg("the peer sent no request for %d s of host time with the device idle "
	    "(--usb-clock virtual): stopping", IDLE_LIMIT_MS / 1000);
	sim_stop(r->s, SIM_FAULT, "usb: the peer sent no request for %d s (--usb-clock virtual)",
		 IDLE_LIMIT_MS / 1000);
	return false;
}

void usbredir_poll(struct sim *s)
{
	struct usbredir *r = s->usbredir;

	if (!r)
		return;
	accept_peer(r);
	if (!r->p || !poll_once(r))
		return;
	if (!r->virt) {
		pace(r);
		return;
	}
	while (!s->result && virt_idle(r))
		if (!virt_wait(r) || !poll_once(r))
			return;
}

int usbredir_connected(struct sim *s)
{
	return s->usbredir && s->usbredir->p && s->usbredir->hello;
}

void usbredir_close(struct sim *s)
{
	struct usbredir *r = s->usbredir;

	if (!r)
		return;
	if (r->p && !r->bad) {
		if (r->announced)
			usbredirparser_send_device_disconnect(r->p);
		/* a few tries: the socket is non-blocking */
		for (int i = 0; i < 100 && usbredirparser_has_data_to_write(r->p); i++) {
			struct pollfd pf = { .fd = r->fd, .events = POLLOUT };

			if (poll(&pf, 1, 10) < 0 || usbredirparser_do_write(r->p) < 0)
				break;
		}
	}
	peer_close(r);
	if (r->lfd >= 0) {
		close(r->lfd);
		unlink(r->path);
	}
	r->lfd = -1;
	free(r);
	s->usbredir = NULL;
}

void usbredir_init(struct sim *s)
{
	struct usbredir *r;
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	struct stat st;
	const char *path = s->cfg.usb_path;

	if (!path)
		return;
	if (strlen(path) >= sizeof(a.sun_path)) {
		fprintf(stderr, "gtaboot-sim: --usb unix:%s: path too long\n", path);
		exit(3);
	}
	r = calloc(1, sizeof(*r));
	if (!r)
		abort();
	r->s = s;
	r->fd = -1;
	r->virt = s->cfg.usb_clock_virtual;
	snprintf(r->path, sizeof(r->path), "%s", path);
	strcpy(a.sun_path, path);
	/* a socket left by an earlier run goes; any other file stays */
	if (lstat(path, &st) == 0 && S_ISSOCK(st.st_mode))
		unlink(path);
	r->lfd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (r->lfd < 0 || bind(r->lfd, (struct sockaddr *)&a, sizeof(a)) < 0 ||
	    listen(r->lfd, 1) < 0) {
		fprintf(stderr, "gtaboot-sim: --usb unix:%s: %s\n", path, strerror(errno));
		exit(3);
	}
	s->usbredir = r;
}
