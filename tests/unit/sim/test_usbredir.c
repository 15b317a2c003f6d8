// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The usbredir export (tools/sim/usbredir.c) against the MUSB model, with
 * libusbredirparser in the guest role on the other end of the unix socket
 * (a parser without usbredirparser_fl_usb_host, as QEMU's usb-redir uses
 * it) and a scripted firmware (musb_fw.h) answering from the MMIO side:
 * enumeration, device_connect / interface_info / ep_info, control packets
 * (data, stall), set_configuration, bulk OUT and IN, cancel, the device's
 * disconnect, and a peer that sends garbage or goes away.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <usbredirparser.h>

#include "tests/unit/sim/musb_fw.h"
#include "tools/sim/usbredir.h"

struct reply {
	uint64_t id;
	uint8_t status;
	uint8_t data[2048];
	int len;
};

struct guest {
	int fd;
	struct usbredirparser *p;
	bool hello, connected, disconnected, eof;
	int n_connect;
	struct usb_redir_device_connect_header dc;
	struct usb_redir_interface_info_header ii;
	struct usb_redir_ep_info_header ei;
	int n_ep_info;
	bool got_conf;
	struct usb_redir_configuration_status_header conf;
	struct reply rep[8];
	int nrep;
};

static char sock_path[108];

static int g_read(void *priv, uint8_t *data, int count)
{
	struct guest *g = priv;
	ssize_t n = recv(g->fd, data, (size_t)count, MSG_DONTWAIT);

	if (n > 0)
		return (int)n;
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return 0;
	g->eof = true;
	return -1;
}

static int g_write(void *priv, uint8_t *data, int count)
{
	struct guest *g = priv;
	ssize_t n = send(g->fd, data, (size_t)count, MSG_DONTWAIT | MSG_NOSIGNAL);

	if (n >= 0)
		return (int)n;
	return errno == EAGAIN ? 0 : -1;
}

static void g_hello(void *priv, struct usb_redir_hello_header *h)
{
	(void)h;
	((struct guest *)priv)->hello = true;
}

static void g_connect(void *priv, struct usb_redir_device_connect_header *h)
{
	struct guest *g = priv;

	g->dc = *h;
	g->connected = true;
	g->n_connect++;
}

static void g_disconnect(void *priv)
{
	((struct guest *)priv)->disconnected = true;
}

static void g_iface(void *priv, struct usb_redir_interface_info_header *h)
{
	((struct guest *)priv)->ii = *h;
}

static void g_ep(void *priv, struct usb_redir_ep_info_header *h)
{
	struct guest *g = priv;

	g->ei = *h;
	g->n_ep_info++;
}

static void g_conf(void *priv, uint64_t id, struct usb_redir_configuration_status_header *h)
{
	struct guest *g = priv;

	(void)id;
	g->conf = *h;
	g->got_conf = true;
}

static void add_reply(struct guest *g, uint64_t id, uint8_t status, uint8_t *data, int len)
{
	struct reply *r = &g->rep[g->nrep++ % 8];

	r->id = id;
	r->status = status;
	r->len = len;
	if (data && len > 0)
		memcpy(r->data, data, (size_t)len < sizeof(r->data) ? (size_t)len : sizeof(r->data));
	usbredirparser_free_packet_data(g->p, data);
}

static void g_control(void *priv, uint64_t id, struct usb_redir_control_packet_header *h,
		      uint8_t *data, int len)
{
	add_reply(priv, id, h->status, data, (h->endpoint & 0x80) ? len : h->length);
}

static void g_bulk(void *priv, uint64_t id, struct usb_redir_bulk_packet_header *h,
		   uint8_t *data, int len)
{
	add_reply(priv, id, h->status, data,
		  (h->endpoint & 0x80) ? len : (int)(h->length | h->length_high << 16));
}

static void g_log(void *priv, int level, const char *msg)
{
	(void)priv;
	if (level <= usbredirparser_warning)
		fprintf(stderr, "guest: %s\n", msg);
}

static int raw_connect(void)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	assert_true(fd >= 0);
	strcpy(a.sun_path, sock_path);
	assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof(a)), 0);
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
	return fd;
}

static struct guest *guest_new(void)
{
	struct guest *g = calloc(1, sizeof(*g));
	uint32_t caps[USB_REDIR_CAPS_SIZE] = { 0 };

	assert_non_null(g);
	g->fd = raw_connect();
	g->p = usbredirparser_create();
	g->p->priv = g;
	g->p->log_func = g_log;
	g->p->read_func = g_read;
	g->p->write_func = g_write;
	g->p->hello_func = g_hello;
	g->p->device_connect_func = g_connect;
	g->p->device_disconnect_func = g_disconnect;
	g->p->interface_info_func = g_iface;
	g->p->ep_info_func = g_ep;
	g->p->configuration_status_func = g_conf;
	g->p->control_packet_func = g_control;
	g->p->bulk_packet_func = g_bulk;
	usbredirparser_caps_set_cap(caps, usb_redir_cap_connect_device_version);
	usbredirparser_caps_set_cap(caps, usb_redir_cap_ep_info_max_packet_size);
	usbredirparser_caps_set_cap(caps, usb_redir_cap_64bits_ids);
	usbredirparser_caps_set_cap(caps, usb_redir_cap_32bits_bulk_length);
	usbredirparser_caps_set_cap(caps, usb_redir_cap_device_disconnect_ack);
	usbredirparser_init(g->p, "test-guest", caps, USB_REDIR_CAPS_SIZE, 0);
	return g;
}

static void guest_free(struct guest *g)
{
	usbredirparser_destroy(g->p);
	close(g->fd);
	free(g);
}

/* 125 us of virtual time: the firmware runs, the bridge polls, the guest
 * reads and writes. */
static void pump(struct sim *s, struct fw *f, struct guest *g)
{
	if (f)
		fw_step(s, f);
	s->now_ps += 125 * PS_PER_US;
	sim_tick_models(s);
	if (g && !g->eof) {
		usbredirparser_do_read(g->p);
		if (usbredirparser_has_data_to_write(g->p))
			usbredirparser_do_write(g->p);
	}
}

#define PUMP_UNTIL(s, f, g, cond) \
	do { \
		for (int i_ = 0; i_ < 8000 && !(cond); i_++) \
			pump(s, f, g); \
		assert_true(cond); \
	} while (0)

static struct reply *reply_for(struct guest *g, uint64_t id)
{
	for (int i = 0; i < 8 && i < g->nrep; i++)
		if (g->rep[i].id == id)
			return &g->rep[i];
	return NULL;
}

static struct sim *setup(void)
{
	snprintf(sock_path, sizeof(sock_path), "/tmp/gtaboot-test-usbredir-%d.sock", (int)getpid());
	return usb_sim_with(sock_path);
}

static void ctl(struct guest *g, uint64_t id, uint8_t type, uint8_t req, uint16_t value,
		uint16_t len)
{
	struct usb_redir_control_packet_header h = {
		.endpoint = type & 0x80, .request = req, .requesttype = type,
		.value = value, .index = 0, .length = len };

	usbredirparser_send_control_packet(g->p, id, &h, NULL, 0);
}

static void test_enumerate_and_transfer(void **state)
{
	struct sim *s = setup();
	struct fw f = { 0 };
	struct guest *g = guest_new();
	struct usb_redir_set_configuration_header sc = { 1 };
	struct usb_redir_bulk_packet_header bh = { 0 };
	uint8_t out[1000];
	struct reply *r;

	mw(s, 0x01, 1, 0x60);                          /* SOFTCONN | HSENAB */
	PUMP_UNTIL(s, &f, g, g->connected);
	assert_true(usbredir_connected(s));
	assert_true(f.resets >= 1 && f.addr_set);
	assert_int_equal(mr(s, 0x00, 1), 1);            /* the bridge's address */
	assert_int_equal(g->dc.speed, usb_redir_speed_high);
	assert_int_equal(g->dc.vendor_id, 0x0451);
	assert_int_equal(g->dc.product_id, 0xD022);
	assert_int_equal(g->dc.device_version_bcd, 0x0100);
	assert_int_equal(g->ii.interface_count, 1);
	assert_int_equal(g->ii.interface_class[0], 0xFF);
	assert_int_equal(g->ei.type[0], usb_redir_type_control);
	assert_int_equal(g->ei.type[1], usb_redir_type_bulk);
	assert_int_equal(g->ei.type[17], usb_redir_type_bulk);
	assert_int_equal(g->ei.max_packet_size[17], 512);
	assert_int_equal(g->ei.type[2], usb_redir_type_invalid);

	/* control IN: the device descriptor, then the whole configuration
	 * asked with a larger wLength (a short packet ends it) */
	ctl(g, 10, 0x80, 6, 0x0100, 18);
	PUMP_UNTIL(s, &f, g, reply_for(g, 10));
	r = reply_for(g, 10);
	assert_int_equal(r->status, usb_redir_success);
	assert_int_equal(r->len, 18);
	assert_memory_equal(r->data, fw_dev_desc, 18);
	ctl(g, 11, 0x80, 6, 0x0200, 255);
	PUMP_UNTIL(s, &f, g, reply_for(g, 11));
	r = reply_for(g, 11);
	assert_int_equal(r->status, usb_redir_success);
	assert_int_equal(r->len, 32);
	/* a request the firmware stalls */
	ctl(g, 12, 0xC0, 0x55, 0, 4);
	PUMP_UNTIL(s, &f, g, reply_for(g, 12));
	assert_int_equal(reply_for(g, 12)->status, usb_redir_stall);
	assert_int_equal(f.stalls, 1);

	usbredirparser_send_set_configuration(g->p, 13, &sc);
	PUMP_UNTIL(s, &f, g, g->got_conf);
	assert_int_equal(g->conf.status, usb_redir_success);
	assert_int_equal(g->conf.configuration, 1);
	assert_int_equal(f.config, 1);
	assert_int_equal(g->n_ep_info, 2);             /* sent again for the configuration */

	/* bulk OUT 1000 bytes (512 + 488), echoed back on bulk IN */
	for (int i = 0; i < 1000; i++)
		out[i] = (uint8_t)(i * 13 + 1);
	bh.endpoint = 0x01;
	bh.length = 1000;
	usbredirparser_send_bulk_packet(g->p, 20, &bh, out, 1000);
	PUMP_UNTIL(s, &f, g, reply_for(g, 20));
	assert_int_equal(reply_for(g, 20)->status, usb_redir_success);
	assert_int_equal(reply_for(g, 20)->len, 1000);
	bh.endpoint = 0x81;
	usbredirparser_send_bulk_packet(g->p, 21, &bh, NULL, 0);
	PUMP_UNTIL(s, &f, g, reply_for(g, 21));
	r = reply_for(g, 21);
	assert_int_equal(r->status, usb_redir_success);
	assert_int_equal(r->len, 1000);
	assert_memory_equal(r->data, out, 1000);
	/* an IN the firmware never fills: cancelled by the guest */
	bh.length = 512;
	usbredirparser_send_bulk_packet(g->p, 22, &bh, NULL, 0);
	for (int i = 0; i < 40; i++)
		pump(s, &f, g);
	assert_null(reply_for(g, 22));
	usbredirparser_send_cancel_data_packet(g->p, 22);
	PUMP_UNTIL(s, &f, g, reply_for(g, 22));
	assert_int_equal(reply_for(g, 22)->status, usb_redir_cancelled);
	/* the guest resets the port: the bridge addresses the device again
	 * while the guest's next request waits */
	{
		unsigned resets = f.resets;
		int n_ep = g->n_ep_info;

		usbredirparser_send_reset(g->p);
		ctl(g, 30, 0x80, 6, 0x0100, 18);
		PUMP_UNTIL(s, &f, g, reply_for(g, 30));
		assert_int_equal(reply_for(g, 30)->status, usb_redir_success);
		assert_int_equal(reply_for(g, 30)->len, 18);
		assert_int_equal(f.resets, resets + 1);
		assert_int_equal(mr(s, 0x00, 1), 1);
		assert_int_equal(g->n_ep_info, n_ep + 1);
		assert_false(g->disconnected);
	}
	/* the firmware disconnects: the guest hears of it */
	mw(s, 0x01, 1, 0x20);
	PUMP_UNTIL(s, &f, g, g->disconnected);
	/* and connects again (after the guest's disconnect_ack) */
	mw(s, 0x01, 1, 0x60);
	PUMP_UNTIL(s, &f, g, g->n_connect == 2);
	assert_int_equal(s->result, SIM_RUNNING);
	usbredir_close(s);
	guest_free(g);
}

static void test_garbage_and_reconnect(void **state)
{
	struct sim *s = setup();
	struct fw f = { 0 };
	struct guest *g;
	uint8_t junk[64];
	int fd = raw_connect();
	char c;

	mw(s, 0x01, 1, 0x60);
	memset(junk, 0xA5, sizeof(junk));
	assert_int_equal(send(fd, junk, sizeof(junk), 0), (ssize_t)sizeof(junk));
	/* the bridge closes the connection: EOF on our side, no crash */
	for (int i = 0; i < 400; i++) {
		ssize_t n;

		pump(s, &f, NULL);
		n = recv(fd, &c, 1, MSG_DONTWAIT);
		if (n == 0)
			break;
		assert_true(i < 399);
	}
	assert_false(usbredir_connected(s));
	close(fd);
	/* a proper peer afterwards finds the device */
	g = guest_new();
	PUMP_UNTIL(s, &f, g, g->connected);
	/* the peer goes away in the middle of a transfer */
	{
		struct usb_redir_bulk_packet_header bh = { .endpoint = 0x81, .length = 64 };

		ctl(g, 1, 0x80, 6, 0x0100, 18);
		usbredirparser_send_bulk_packet(g->p, 2, &bh, NULL, 0);
		pump(s, &f, g);
	}
	guest_free(g);
	for (int i = 0; i < 40; i++)
		pump(s, &f, NULL);
	assert_false(usbredir_connected(s));
	assert_int_equal(s->result, SIM_RUNNING);
	usbredir_close(s);
	assert_int_equal(access(sock_path, F_OK), -1);   /* the socket is gone */
}

/* Without the PHY the device never shows, however long the peer waits. */
static void test_no_phy_no_device(void **state)
{
	struct sim *s;
	struct guest *g;
	struct fw f = { 0 };

	snprintf(sock_path, sizeof(sock_path), "/tmp/gtaboot-test-usbredir-%d.sock", (int)getpid());
	s = usb_sim_with(sock_path);
	assert_int_equal(twl_write(s, 0x48, 0xFD, 0x01), 0);   /* PHYPWD */
	mw(s, 0x01, 1, 0x60);
	g = guest_new();
	PUMP_UNTIL(s, &f, g, g->hello);
	for (int i = 0; i < 200; i++)
		pump(s, &f, g);
	assert_false(g->connected);
	assert_int_equal(f.resets, 0);
	usbredir_close(s);
	guest_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_enumerate_and_transfer),
		cmocka_unit_test(test_garbage_and_reconnect),
		cmocka_unit_test(test_no_phy_no_device),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
