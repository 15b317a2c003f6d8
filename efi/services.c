// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * UEFI boot services (UEFI 2.10 chapter 7) over gtaboot: memory on
 * lib/efi/memmap.c, a small handle and event table, the configuration
 * table, and the system table, whose page (with the runtime services
 * table, the vendor string and the configuration table) is runtime
 * services data in identity-mapped RAM, because the OS reads it after
 * ExitBootServices, when this image's own mapping (EFI_BASE) is gone.
 */
#include "efi/efi.h"

#include <stdarg.h>

#include "arch/arm/mmu.h"
#include "arch/arm/omap3/memmap.h"
#include "common/console.h"
#include "common/display.h"
#include "common/sysinfo.h"
#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

struct efi_memmap efi_mm;
struct efi_system_table *efi_st;
bool efi_exited;

#define NOBJS   28   /* the console, the card, its 16 partitions, the GOP, images ... */
#define NEVENTS 16
#define NTABLES 16
#define POOL_MAGIC 0x4c4f4f50u   /* "POOL" */

const efi_guid efi_guid_loaded_image = GUID(0x5b1b31a1, 0x9562, 0x11d2, 0x8e, 0x3f, 0x00, 0xa0,
					    0xc9, 0x69, 0x72, 0x3b);
const efi_guid efi_guid_device_path = GUID(0x09576e91, 0x6d3f, 0x11d2, 0x8e, 0x39, 0x00, 0xa0,
					   0xc9, 0x69, 0x72, 0x3b);
const efi_guid efi_guid_loaded_image_dp = GUID(0xbc62157e, 0x3e33, 0x4fec, 0x99, 0x20, 0x2d,
					       0x3b, 0x36, 0xd7, 0x50, 0xdf);
const efi_guid efi_guid_fdt = GUID(0xb1b621d5, 0xf19c, 0x41a5, 0x83, 0x0b, 0xd9, 0x15, 0x2c,
				   0x69, 0xaa, 0xe0);
static const efi_guid guid_rt_properties = GUID(0xeb66918a, 0x7eef, 0x402a, 0x84, 0x2e, 0x93,
						0x1d, 0x21, 0xc3, 0x8a, 0xe9);
static const efi_guid guid_text_in = GUID(0x387477c1, 0x69c7, 0x11d2, 0x8e, 0x39, 0x00, 0xa0,
					  0xc9, 0x69, 0x72, 0x3b);
static const efi_guid guid_text_out = GUID(0x387477c2, 0x69c7, 0x11d2, 0x8e, 0x39, 0x00, 0xa0,
					   0xc9, 0x69, 0x72, 0x3b);

static struct efi_obj objs[NOBJS];
/* The loaded images (efi/image.c's), by handle: an image's handle is its
 * struct efi_image, whose object comes first. */
static struct efi_image *images[4];
static struct efi_obj *con_obj;
static struct efi_boot_services bs;

struct event {
	bool used, signaled;
	uint32_t type, tpl;
	efi_notify_fn fn;
	void *ctx;
	uint64_t due, period;   /* timer_us() values; due 0: no timer */
};
static struct event events[NEVENTS];

/* The page of runtime services data */
struct rt_page {
	struct efi_system_table st;
	struct efi_runtime_services rt;
	struct efi_rt_properties props;
	char16 vendor[8];
	struct efi_config_table tables[NTABLES];
};
static struct rt_page *rtp;

bool efi_guid_eq(const efi_guid *a, const efi_guid *b)
{
	return !memcmp(a, b, sizeof(*a));
}

efi_status efi_status_of(int err)
{
	switch (err) {
	case 0: return EFI_SUCCESS;
	case -ENOENT: return EFI_NOT_FOUND;
	case -ENOMEM: case -ENOSPC: return EFI_OUT_OF_RESOURCES;
	case -ENOTSUP: return EFI_UNSUPPORTED;
	case -EINVAL: case -ENAMETOOLONG: return EFI_INVALID_PARAMETER;
	default: return EFI_LOAD_ERROR;
	}
}

const char *efi_status_name(efi_status st)
{
	static const char *const n[] = {
		"EFI_SUCCESS", "EFI_LOAD_ERROR", "EFI_INVALID_PARAMETER", "EFI_UNSUPPORTED",
		"EFI_BAD_BUFFER_SIZE", "EFI_BUFFER_TOO_SMALL", "EFI_NOT_READY", "EFI_DEVICE_ERROR",
		"EFI_WRITE_PROTECTED", "EFI_OUT_OF_RESOURCES", "", "", "", "", "EFI_NOT_FOUND",
		"EFI_ACCESS_DENIED", "", "", "", "", "EFI_ALREADY_STARTED", "EFI_ABORTED",
	};
	uint32_t i = st & ~0x80000000u;

	return i < sizeof(n) / sizeof(n[0]) && *n[i] ? n[i] : "EFI error";
}

/* ---- memory (7.2) */

static efi_status allocate_pages(int how, uint32_t type, uint32_t pages, uint64_t *addr)
{
	if (!addr)
		return EFI_INVALID_PARAMETER;
	int err = efi_mm_alloc(&efi_mm, how, type, pages, addr);

	return err == -ENOMEM ? (how == EFI_ALLOCATE_ADDRESS ? EFI_NOT_FOUND : EFI_OUT_OF_RESOURCES)
			      : efi_status_of(err);
}

static efi_status free_pages(uint64_t addr, uint32_t pages)
{
	int err = efi_mm_free(&efi_mm, addr, pages);

	return err == -ENOENT ? EFI_NOT_FOUND : efi_status_of(err);
}

static efi_status get_memory_map(uint32_t *size, void *map, uint32_t *key, uint32_t *desc_size,
				 uint32_t *desc_version)
{
	if (!size)
		return EFI_INVALID_PARAMETER;
	if (desc_size)
		*desc_size = EFI_MEMORY_DESC_SIZE;
	if (desc_version)
		*desc_version = EFI_MEMORY_DESC_VERSION;
	uint32_t room = *size;

	if (efi_mm_get(&efi_mm, map, size))
		return room < *size ? EFI_BUFFER_TOO_SMALL : EFI_INVALID_PARAMETER;
	if (key)
		*key = efi_mm.key;
	return EFI_SUCCESS;
}

/* A pool block is whole pages with 8 bytes before the caller's: a magic
 * and the page count, for FreePool. */
efi_status efi_alloc_pool(uint32_t type, uint32_t size, void **buf)
{
	uint64_t a;
	efi_status st;

	if (!buf || size > 0x7FFFF000u)
		return EFI_INVALID_PARAMETER;
	st = allocate_pages(EFI_ALLOCATE_ANY_PAGES, type, (size + 8 + EFI_PAGE - 1) / EFI_PAGE, &a);
	if (st)
		return st;
	uint32_t *p = (uint32_t *)(uintptr_t)a;

	p[0] = POOL_MAGIC;
	p[1] = (size + 8 + EFI_PAGE - 1) / EFI_PAGE;
	*buf = p + 2;
	return EFI_SUCCESS;
}

efi_status efi_free_pool(void *buf)
{
	uint32_t *p = (uint32_t *)buf - 2;

	if (!buf || ((uintptr_t)p & (EFI_PAGE - 1)) || efi_mm_type(&efi_mm, (uintptr_t)p) < 0 ||
	    p[0] != POOL_MAGIC)
		return EFI_INVALID_PARAMETER;
	p[0] = 0;
	return free_pages((uintptr_t)p, p[1]);
}

/* ---- events and timers (7.1), polled: gtaboot takes no interrupts */

static struct event *event_of(efi_event ev)
{
	struct event *e = ev;

	return e >= events && e < events + NEVENTS && e->used ? e : NULL;
}

static efi_status create_event(uint32_t type, uint32_t tpl, efi_notify_fn fn, void *ctx,
			       efi_event *ev)
{
	if (!ev || ((type & (EVT_NOTIFY_WAIT | EVT_NOTIFY_SIGNAL)) && !fn))
		return EFI_INVALID_PARAMETER;
	for (struct event *e = events; e < events + NEVENTS; e++) {
		if (e->used)
			continue;
		*e = (struct event){ .used = true, .type = type, .tpl = tpl, .fn = fn, .ctx = ctx };
		*ev = e;
		return EFI_SUCCESS;
	}
	return EFI_OUT_OF_RESOURCES;
}

static efi_status create_event_ex(uint32_t type, uint32_t tpl, efi_notify_fn fn, const void *ctx,
				  const efi_guid *group, efi_event *ev)
{
	return group ? EFI_UNSUPPORTED : create_event(type, tpl, fn, (void *)ctx, ev);
}

/* Task priority levels (7.1): nothing here runs asynchronously (events
 * are polled), but a notification waits while the level is at or above
 * its event's, as an interrupt would. */
static uint32_t tpl_now;       /* TPL_APPLICATION (4) from efi_services_init() */

/* A notify-signal event's function runs once per signal and the event is
 * cleared when it has run (7.1, CreateEvent); at a TPL at or above the
 * event's it stays pending (signaled) until the level drops. */
static void signal(struct event *e)
{
	e->signaled = true;
	if (!(e->type & EVT_NOTIFY_SIGNAL) || tpl_now >= e->tpl)
		return;
	e->signaled = false;
	e->fn(e, e->ctx);
}

/* Timers that are due fire; the console's key event is signalled when a
 * key waits. */
static int key_ahead;

static void poll_events(void)
{
	static bool busy;   /* a notification that calls a polling service */
	uint64_t now = timer_us();

	if (busy)
		return;
	busy = true;
	for (struct event *e = events; e < events + NEVENTS; e++) {
		unsigned n = 0;

		/* pending notifications whose level now allows them */
		if (e->used && e->signaled && (e->type & EVT_NOTIFY_SIGNAL) && tpl_now < e->tpl)
			signal(e);
		/* a periodic timer fires once per period that passed (GRUB
		 * counts its clock in them), up to 1000 at a time */
		while (e->used && e->due && now >= e->due && n++ < 1000) {
			e->due = e->period ? e->due + e->period : 0;
			signal(e);
		}
		if (e->used && e->due && now >= e->due)
			e->due = now + e->period;
	}
	if (key_ahead < 0)
		key_ahead = console_getc();
	busy = false;
}

static efi_status set_timer(efi_event ev, int type, uint64_t trigger)
{
	struct event *e = event_of(ev);
	uint64_t us = trigger / 10;   /* 100 ns units */

	if (!e || !(e->type & EVT_TIMER) || type < TIMER_CANCEL || type > TIMER_RELATIVE)
		return EFI_INVALID_PARAMETER;
	e->signaled = false;
	e->due = type == TIMER_CANCEL ? 0 : timer_us() + (us ? us : 1);
	e->period = type == TIMER_PERIODIC ? (us ? us : 1) : 0;
	return EFI_SUCCESS;
}

static struct event *key_event;

static bool check(struct event *e)
{
	if (e == key_event && key_ahead >= 0)
		return true;
	if (!e->signaled && (e->type & EVT_NOTIFY_WAIT))
		e->fn(e, e->ctx);
	if (e->signaled) {
		e->signaled = false;
		return true;
	}
	return false;
}

static efi_status check_event(efi_event ev)
{
	struct event *e = event_of(ev);

	if (!e || (e->type & EVT_NOTIFY_SIGNAL))
		return EFI_INVALID_PARAMETER;
	poll_events();
	return check(e) ? EFI_SUCCESS : EFI_NOT_READY;
}

static efi_status wait_for_event(uint32_t n, efi_event *evs, uint32_t *index)
{
	if (!n || !evs || !index)
		return EFI_INVALID_PARAMETER;
	for (uint32_t i = 0; i < n; i++) {
		struct event *e = event_of(evs[i]);

		if (!e || (e->type & EVT_NOTIFY_SIGNAL)) {
			*index = i;
			return EFI_INVALID_PARAMETER;
		}
	}
	/* as long as the caller asked: a key or a timer ends it */
	for (;;) {
		poll_events();
		for (uint32_t i = 0; i < n; i++) {
			if (check(evs[i])) {
				*index = i;
				return EFI_SUCCESS;
			}
		}
	}
}

static efi_status signal_event(efi_event ev)
{
	struct event *e = event_of(ev);

	if (!e)
		return EFI_INVALID_PARAMETER;
	signal(e);
	return EFI_SUCCESS;
}

static efi_status close_event(efi_event ev)
{
	struct event *e = event_of(ev);

	if (!e)
		return EFI_INVALID_PARAMETER;
	e->used = false;
	return EFI_SUCCESS;
}

static uint32_t raise_tpl(uint32_t tpl)
{
	uint32_t old = tpl_now;

	tpl_now = tpl;
	return old;
}

static void restore_tpl(uint32_t tpl)
{
	tpl_now = tpl;
	poll_events();   /* what waited for the level to drop */
}

static efi_status stall(uint32_t us)
{
	uint64_t end = timer_us() + us;

	/* timers fire meanwhile: events are polled */
	while (timer_us() < end)
		poll_events();
	return EFI_SUCCESS;
}

static efi_status set_watchdog_timer(uint32_t timeout, uint64_t code, uint32_t size, char16 *data)
{
	/* 7.5: "the system does not have a watchdog timer" is what is true
	 * here: gtaboot stops WDT2 at start and does not offer it (success
	 * would say one is armed). systemd-boot and GRUB go on without. */
	return EFI_UNSUPPORTED;
}

static efi_status get_next_monotonic_count(uint64_t *count)
{
	static uint64_t n;

	if (!count)
		return EFI_INVALID_PARAMETER;
	*count = ++n;
	return EFI_SUCCESS;
}

/* ---- handles and protocols (7.3) */

static struct efi_obj *obj_of(efi_handle h)
{
	for (unsigned i = 0; i < NOBJS; i++)
		if (h == &objs[i] && objs[i].used)
			return h;
	struct efi_image *img = efi_image_of(h);

	return img ? &img->obj : NULL;
}

static void **find(struct efi_obj *o, const efi_guid *g)
{
	for (unsigned i = 0; o && i < o->n; i++)
		if (efi_guid_eq(&o->p[i].g, g))
			return &o->p[i].iface;
	return NULL;
}

static efi_status add_proto(struct efi_obj *o, const efi_guid *g, void *iface)
{
	if (find(o, g))
		return EFI_INVALID_PARAMETER;
	if (o->n == EFI_PROTOS)
		return EFI_OUT_OF_RESOURCES;
	o->p[o->n].g = *g;
	o->p[o->n++].iface = iface;
	return EFI_SUCCESS;
}

efi_status efi_install(efi_handle *h, const efi_guid *g, void *iface)
{
	struct efi_obj *o;

	if (!h || !g)
		return EFI_INVALID_PARAMETER;
	if (*h) {
		o = obj_of(*h);
		if (!o)
			return EFI_INVALID_PARAMETER;
		return add_proto(o, g, iface);
	}
	for (unsigned i = 0; i < NOBJS; i++) {
		if (objs[i].used)
			continue;
		objs[i] = (struct efi_obj){ .used = true };
		*h = &objs[i];
		return add_proto(&objs[i], g, iface);
	}
	return EFI_OUT_OF_RESOURCES;
}

static efi_status install_protocol(efi_handle *h, const efi_guid *g, int type, void *iface)
{
	return type ? EFI_INVALID_PARAMETER : efi_install(h, g, iface);
}

static efi_status uninstall_protocol(efi_handle h, const efi_guid *g, void *iface)
{
	struct efi_obj *o = obj_of(h);
	void **p = g ? find(o, g) : NULL;

	if (!p || *p != iface)
		return EFI_NOT_FOUND;
	unsigned i = (unsigned)((char *)p - (char *)&o->p[0].iface) / sizeof(o->p[0]);

	o->p[i] = o->p[--o->n];
	if (!o->n && o >= objs && o < objs + NOBJS)
		o->used = false;   /* a handle goes with its last protocol */
	return EFI_SUCCESS;
}

static efi_status reinstall_protocol(efi_handle h, const efi_guid *g, void *old, void *iface)
{
	struct efi_obj *o = obj_of(h);
	void **p = o && g ? find(o, g) : NULL;

	if (!o || !g)
		return EFI_INVALID_PARAMETER;
	if (!p || *p != old)
		return EFI_NOT_FOUND;
	*p = iface;
	return EFI_SUCCESS;
}

/* InstallMultipleProtocolInterfaces (7.3): pairs of GUID and interface up
 * to a NULL GUID, all or none: a failure takes back what was installed. */
static efi_status install_multiple(efi_handle *h, ...)
{
	efi_status st = EFI_SUCCESS;
	unsigned done = 0, i = 0;
	const efi_guid *g;
	va_list ap;

	if (!h)
		return EFI_INVALID_PARAMETER;
	va_start(ap, h);
	while (!st && (g = va_arg(ap, const efi_guid *))) {
		st = efi_install(h, g, va_arg(ap, void *));
		done += !st;
	}
	va_end(ap);
	if (!st)
		return EFI_SUCCESS;
	va_start(ap, h);
	while (i++ < done && (g = va_arg(ap, const efi_guid *)))
		uninstall_protocol(*h, g, va_arg(ap, void *));
	va_end(ap);
	return st;
}

static efi_status uninstall_multiple(efi_handle h, ...)
{
	efi_status st = EFI_SUCCESS;
	const efi_guid *g;
	va_list ap;

	/* every pair must be there before any goes */
	va_start(ap, h);
	while (!st && (g = va_arg(ap, const efi_guid *))) {
		void **p = find(obj_of(h), g);

		st = p && *p == va_arg(ap, void *) ? EFI_SUCCESS : EFI_INVALID_PARAMETER;
	}
	va_end(ap);
	if (st)
		return st;
	va_start(ap, h);
	while ((g = va_arg(ap, const efi_guid *)))
		uninstall_protocol(h, g, va_arg(ap, void *));
	va_end(ap);
	return EFI_SUCCESS;
}

static efi_status handle_protocol(efi_handle h, const efi_guid *g, void **iface)
{
	struct efi_obj *o = obj_of(h);
	void **p;

	if (!o || !g || !iface)
		return EFI_INVALID_PARAMETER;
	p = find(o, g);
	if (!p)
		return EFI_UNSUPPORTED;
	*iface = *p;
	return EFI_SUCCESS;
}

static efi_status open_protocol(efi_handle h, const efi_guid *g, void **iface, efi_handle agent,
				efi_handle controller, uint32_t attr)
{
	struct efi_obj *o = obj_of(h);
	void **p;

	if (!o || !g)
		return EFI_INVALID_PARAMETER;
	p = find(o, g);
	if (!p)
		return EFI_UNSUPPORTED;
	if (iface)
		*iface = *p;
	return EFI_SUCCESS;
}

static efi_status close_protocol(efi_handle h, const efi_guid *g, efi_handle agent,
				 efi_handle controller)
{
	return obj_of(h) && g && find(obj_of(h), g) ? EFI_SUCCESS : EFI_NOT_FOUND;
}

/* Every handle (ours, then the images') matching how/g, into out[] (NULL:
 * counted only). */
static uint32_t handles(int how, const efi_guid *g, efi_handle *out)
{
	uint32_t n = 0;

	for (unsigned i = 0; i < NOBJS + ARRAY_SIZE(images); i++) {
		struct efi_obj *o = i < NOBJS ? (objs[i].used ? &objs[i] : NULL)
					      : (images[i - NOBJS] ? &images[i - NOBJS]->obj : NULL);

		if (o && (how == ALL_HANDLES || find(o, g))) {
			if (out)
				out[n] = o;
			n++;
		}
	}
	return n;
}

static efi_status locate_handle(int how, const efi_guid *g, void *key, uint32_t *size,
				efi_handle *buf)
{
	uint32_t n;

	if (!size || (how == BY_PROTOCOL && !g) || (how != ALL_HANDLES && how != BY_PROTOCOL))
		return how == BY_REGISTER_NOTIFY ? EFI_NOT_FOUND : EFI_INVALID_PARAMETER;
	n = handles(how, g, NULL);
	if (!n)
		return EFI_NOT_FOUND;
	if (*size < n * sizeof(efi_handle)) {
		*size = n * sizeof(efi_handle);
		return EFI_BUFFER_TOO_SMALL;
	}
	if (!buf)
		return EFI_INVALID_PARAMETER;
	*size = handles(how, g, buf) * sizeof(efi_handle);
	return EFI_SUCCESS;
}

static efi_status locate_handle_buffer(int how, const efi_guid *g, void *key, uint32_t *n,
				       efi_handle **buf)
{
	uint32_t size = 0;
	efi_status st;

	if (!n || !buf)
		return EFI_INVALID_PARAMETER;
	st = locate_handle(how, g, key, &size, NULL);
	if (st != EFI_BUFFER_TOO_SMALL)
		return st;
	st = efi_alloc_pool(EFI_BOOT_SERVICES_DATA, size, (void **)buf);
	if (st)
		return st;
	locate_handle(how, g, key, &size, *buf);
	*n = size / sizeof(efi_handle);
	return EFI_SUCCESS;
}

static efi_status locate_protocol(const efi_guid *g, void *reg, void **iface)
{
	if (!g || !iface)
		return EFI_INVALID_PARAMETER;
	efi_handle h;

	if (handles(BY_PROTOCOL, g, NULL)) {
		efi_handle all[NOBJS + ARRAY_SIZE(images)];

		handles(BY_PROTOCOL, g, all);
		h = all[0];
		*iface = *find(obj_of(h), g);
		return EFI_SUCCESS;
	}
	*iface = NULL;
	return EFI_NOT_FOUND;
}

/* The bytes of a device path up to its End Entire node, or 0 when it has
 * none within max bytes or a node is shorter than its header. */
static uint32_t dp_len(const uint8_t *dp, uint32_t max)
{
	uint32_t n = 0;

	while (n + 4 <= max) {
		uint32_t len = dp[n + 2] | dp[n + 3] << 8;

		if (dp[n] == 0x7f && dp[n + 1] == 0xff)
			return n;
		if (len < 4)
			return 0;
		n += len;
	}
	return 0;
}

/* The handle with protocol g whose device path is the longest start of
 * *dp (UEFI 2.10, 7.3 LocateDevicePath); *dp moves past it. Linux's stub
 * finds its initrd's LoadFile2 this way (efi/initrd.c). */
static efi_status locate_device_path(const efi_guid *g, void **dp, efi_handle *h)
{
	efi_handle all[NOBJS + ARRAY_SIZE(images)], best = NULL;
	uint32_t n, want, best_len = 0;

	if (!g || !dp || !*dp || !h)
		return EFI_INVALID_PARAMETER;
	want = dp_len(*dp, 4096);
	n = handles(BY_PROTOCOL, g, all);
	for (uint32_t i = 0; i < n; i++) {
		void **p = find(obj_of(all[i]), &efi_guid_device_path);
		uint32_t len = p ? dp_len(*p, 4096) : 0;

		if (p && len <= want && len >= best_len && !memcmp(*p, *dp, len) &&
		    (!best || len > best_len)) {
			best = all[i];
			best_len = len;
		}
	}
	if (!best)
		return EFI_NOT_FOUND;
	*dp = (uint8_t *)*dp + best_len;
	*h = best;
	return EFI_SUCCESS;
}

static efi_status protocols_per_handle(efi_handle h, efi_guid ***buf, uint32_t *n)
{
	struct efi_obj *o = obj_of(h);
	efi_status st;

	if (!o || !buf || !n)
		return EFI_INVALID_PARAMETER;
	st = efi_alloc_pool(EFI_BOOT_SERVICES_DATA, o->n * sizeof(efi_guid *), (void **)buf);
	if (st)
		return st;
	for (unsigned i = 0; i < o->n; i++)
		(*buf)[i] = &o->p[i].g;
	*n = o->n;
	return EFI_SUCCESS;
}

/* ConnectController / DisconnectController (7.3): gtaboot has no UEFI
 * drivers; every handle it makes is complete when made. So nothing is
 * ever connected (EFI_NOT_FOUND, as the specification says for that) and
 * no driver manages a controller (disconnecting succeeds at once). */
static efi_status connect_controller(efi_handle h, efi_handle *drv, void *dp, bool recursive)
{
	return obj_of(h) ? EFI_NOT_FOUND : EFI_INVALID_PARAMETER;
}

static efi_status disconnect_controller(efi_handle h, efi_handle drv, efi_handle child)
{
	return obj_of(h) && (!drv || obj_of(drv)) ? EFI_SUCCESS : EFI_INVALID_PARAMETER;
}

static efi_status register_protocol_notify(const efi_guid *g, efi_event ev, void **reg)
{
	return g && ev && reg ? EFI_OUT_OF_RESOURCES : EFI_INVALID_PARAMETER;
}

static efi_status unsupported(void)
{
	return EFI_UNSUPPORTED;
}

efi_status efi_install_config(const efi_guid *g, void *table)
{
	struct efi_config_table *t = rtp->tables;
	uint32_t i;

	if (!g)
		return EFI_INVALID_PARAMETER;
	for (i = 0; i < efi_st->ntables && !efi_guid_eq(&t[i].guid, g); i++)
		;
	if (!table) {
		if (i == efi_st->ntables)
			return EFI_NOT_FOUND;
		t[i] = t[--efi_st->ntables];
	} else if (i < efi_st->ntables) {
		t[i].table = table;
	} else if (i == NTABLES) {
		return EFI_OUT_OF_RESOURCES;
	} else {
		t[i] = (struct efi_config_table){ *g, table };
		efi_st->ntables++;
	}
	efi_st->hdr.crc32 = 0;
	efi_st->hdr.crc32 = crc32(0, efi_st, sizeof(*efi_st));
	return EFI_SUCCESS;
}

static efi_status calculate_crc32(const void *data, uint32_t size, uint32_t *crc)
{
	if (!data || !size || !crc)
		return EFI_INVALID_PARAMETER;
	*crc = crc32(0, data, size);
	return EFI_SUCCESS;
}

static void copy_mem(void *dst, const void *src, uint32_t n)
{
	memmove(dst, src, n);
}

static void set_mem(void *dst, uint32_t n, uint8_t v)
{
	memset(dst, v, n);
}

/* ---- ExitBootServices (7.4) */

static efi_status exit_boot_services(efi_handle h, uint32_t key)
{
	if (!efi_image_of(h))
		return EFI_INVALID_PARAMETER;
	if (key != efi_mm.key)
		return EFI_INVALID_PARAMETER;
	for (struct event *e = events; e < events + NEVENTS; e++)
		if (e->used && e->type == EVT_SIGNAL_EXIT_BOOT_SERVICES)
			e->fn(e, e->ctx);
	/* what bootz does before Linux: the screen's last frame out, the
	 * console's ring flushed; from here no boot service is called */
	display_handoff();
	console_handoff();
	efi_exited = true;
	efi_st->con_in = NULL;
	efi_st->con_out = NULL;
	efi_st->std_err = NULL;
	efi_st->con_in_handle = efi_st->con_out_handle = efi_st->stderr_handle = NULL;
	efi_st->boot = NULL;
	efi_st->hdr.crc32 = 0;
	efi_st->hdr.crc32 = crc32(0, efi_st, sizeof(*efi_st));
	return EFI_SUCCESS;
}

/* ---- the console (12.3, 12.4) on gtaboot's serial console */

static efi_status text_reset(struct efi_text_out *self, bool ext)
{
	return EFI_SUCCESS;
}

static efi_status output_string(struct efi_text_out *self, const char16 *s)
{
	if (!s)
		return EFI_INVALID_PARAMETER;
	for (; *s; s++) {
		if (*s == '\r' && s[1] == '\n')
			continue;       /* the console's '\n' is "\r\n" */
		/* UTF-8, as U-Boot writes it (systemd-boot's menu frame is
		 * box drawing); a surrogate, alone or paired, as '?' */
		if (*s < 0x80) {
			console_putc((char)*s);
		} else if (*s < 0x800) {
			console_putc((char)(0xc0 | *s >> 6));
			console_putc((char)(0x80 | (*s & 0x3f)));
		} else if (*s >= 0xd800 && *s < 0xe000) {
			console_putc('?');
		} else {
			console_putc((char)(0xe0 | *s >> 12));
			console_putc((char)(0x80 | ((*s >> 6) & 0x3f)));
			console_putc((char)(0x80 | (*s & 0x3f)));
		}
	}
	return EFI_SUCCESS;
}

static efi_status test_string(struct efi_text_out *self, const char16 *s)
{
	return EFI_SUCCESS;
}

static efi_status query_mode(struct efi_text_out *self, uint32_t mode, uint32_t *cols,
			     uint32_t *rows)
{
	if (mode)
		return EFI_UNSUPPORTED;
	if (cols)
		*cols = 80;
	if (rows)
		*rows = 25;
	return EFI_SUCCESS;
}

static struct efi_text_mode text_mode;

static efi_status set_mode(struct efi_text_out *self, uint32_t mode)
{
	return mode ? EFI_UNSUPPORTED : EFI_SUCCESS;
}

static efi_status set_attribute(struct efi_text_out *self, uint32_t attr)
{
	text_mode.attribute = (int32_t)attr;
	return EFI_SUCCESS;
}

static efi_status clear_screen(struct efi_text_out *self)
{
	printf("\x1b[2J\x1b[H");
	return EFI_SUCCESS;
}

static efi_status set_cursor(struct efi_text_out *self, uint32_t col, uint32_t row)
{
	printf("\x1b[%u;%uH", (unsigned)row + 1, (unsigned)col + 1);
	return EFI_SUCCESS;
}

static efi_status enable_cursor(struct efi_text_out *self, bool on)
{
	printf(on ? "\x1b[?25h" : "\x1b[?25l");
	return EFI_SUCCESS;
}

static struct efi_text_out text_out;
static const struct efi_text_out text_out_init = {
	.reset = text_reset, .output_string = output_string, .test_string = test_string,
	.query_mode = query_mode, .set_mode = set_mode, .set_attribute = set_attribute,
	.clear_screen = clear_screen, .set_cursor = set_cursor, .enable_cursor = enable_cursor,
};

static efi_status in_reset(struct efi_text_in *self, bool ext)
{
	key_ahead = -1;
	while (console_getc() >= 0)
		;
	return EFI_SUCCESS;
}

static int next_key(unsigned wait_ms)
{
	int c = key_ahead;

	key_ahead = -1;
	return c >= 0 ? c : wait_ms ? console_getc_timeout(wait_ms) : console_getc();
}

/* Keys as a VT100 sends them: ESC [ A..D are the arrows (scan codes 1-4),
 * ESC alone is scan code 0x17. */
static efi_status read_key(struct efi_text_in *self, struct efi_input_key *key)
{
	int c;

	if (!key)
		return EFI_INVALID_PARAMETER;
	/* GRUB's countdown polls keys and reads a clock its timer's
	 * notifications advance: timers fire here too */
	poll_events();
	c = next_key(0);
	if (c < 0)
		return EFI_NOT_READY;
	*key = (struct efi_input_key){ 0, (char16)c };
	if (c == 0x1b) {
		int c2 = next_key(20);

		key->unicode = 0;
		key->scan = 0x17;
		if (c2 == '[' || c2 == 'O') {
			int c3 = next_key(20);

			if (c3 >= 'A' && c3 <= 'D')
				key->scan = (uint16_t)(c3 == 'A' ? 1 : c3 == 'B' ? 2 : c3 == 'C' ? 3 : 4);
		}
	} else if (c == 0x7f) {
		key->unicode = 8;
	}
	return EFI_SUCCESS;
}

static struct efi_text_in text_in;

static void key_notify(efi_event ev, void *ctx)
{
}

/* ---- runtime services (8): none after ExitBootServices, which the
 * RT_PROPERTIES table says; variables in memory before it */

static efi_status rt_unsupported(void)
{
	return EFI_UNSUPPORTED;
}

/* efi/vars.c */
efi_status efi_get_variable(const char16 *name, const efi_guid *g, uint32_t *attr,
			    uint32_t *size, void *data);
efi_status efi_get_next_variable(uint32_t *size, char16 *name, efi_guid *g);
efi_status efi_set_variable(const char16 *name, const efi_guid *g, uint32_t attr,
			    uint32_t size, const void *data);

static const struct efi_boot_services bs_init = {
	.hdr = { EFI_BOOT_SIG, EFI_REVISION, sizeof(struct efi_boot_services), 0, 0 },
	.raise_tpl = raise_tpl, .restore_tpl = restore_tpl,
	.allocate_pages = allocate_pages, .free_pages = free_pages,
	.get_memory_map = get_memory_map, .allocate_pool = efi_alloc_pool,
	.free_pool = efi_free_pool, .create_event = create_event, .set_timer = set_timer,
	.wait_for_event = wait_for_event, .signal_event = signal_event,
	.close_event = close_event, .check_event = check_event,
	.install_protocol = install_protocol, .reinstall_protocol = (void *)reinstall_protocol,
	.uninstall_protocol = uninstall_protocol, .handle_protocol = handle_protocol,
	.register_protocol_notify = register_protocol_notify, .locate_handle = locate_handle,
	.locate_device_path = locate_device_path,
	.install_configuration_table = efi_install_config,
	.exit_boot_services = exit_boot_services,
	.get_next_monotonic_count = get_next_monotonic_count, .stall = stall,
	.set_watchdog_timer = set_watchdog_timer,
	.connect_controller = connect_controller, .disconnect_controller = disconnect_controller,
	.open_protocol = open_protocol, .close_protocol = close_protocol,
	.open_protocol_information = (void *)unsupported,
	.protocols_per_handle = protocols_per_handle,
	.locate_handle_buffer = locate_handle_buffer, .locate_protocol = locate_protocol,
	.install_multiple = install_multiple, .uninstall_multiple = uninstall_multiple,
	.calculate_crc32 = calculate_crc32, .copy_mem = copy_mem, .set_mem = set_mem,
	.create_event_ex = create_event_ex,
};

struct efi_image *efi_image_of(efi_handle h)
{
	for (unsigned i = 0; h && i < ARRAY_SIZE(images); i++)
		if (images[i] == h)
			return h;
	return NULL;
}

int efi_image_add(struct efi_image *img)
{
	for (unsigned i = 0; i < ARRAY_SIZE(images); i++) {
		if (!images[i]) {
			images[i] = img;
			return 0;
		}
	}
	return -ENOSPC;
}

void efi_image_remove(struct efi_image *img)
{
	for (unsigned i = 0; i < ARRAY_SIZE(images); i++)
		if (images[i] == img)
			images[i] = NULL;
}

void efi_set_image_services(const struct efi_boot_services *from)
{
	bs.load_image = from->load_image;
	bs.start_image = from->start_image;
	bs.exit = from->exit;
	bs.unload_image = from->unload_image;
	bs.hdr.crc32 = 0;
	bs.hdr.crc32 = crc32(0, &bs, sizeof(bs));
}

/* The physical address behind EFI_BASE: commands/efi.c maps it page by
 * page through a second-level table. */
static uint32_t efi_image_pa(void)
{
	uint32_t l1 = ((uint32_t *)(uintptr_t)mmu_table_base())[EFI_BASE >> 20];

	return ((uint32_t *)(uintptr_t)(l1 & ~0x3FFu))[0] & ~0xFFFu;
}

int efi_services_init(void)
{
	uint64_t a;
	efi_handle h = NULL;
	int err = 0;

	efi_mm_init(&efi_mm);
	for (int cs = 0; cs < 2 && !err; cs++)
		if (sys.dram.size[cs])
			err = efi_mm_set(&efi_mm, sys.dram.base[cs],
					 (uint64_t)sys.dram.base[cs] + sys.dram.size[cs],
					 EFI_CONVENTIONAL_MEMORY);
	/* gtaboot itself: the cold part's window (code), its buffers (data:
	 * stacks, the shell, the file systems' work areas), this image (code)
	 * in them; the framebuffer is the OS's to keep (simple-framebuffer) */
	if (!err)
		err = efi_mm_set(&efi_mm, sys.area_start, sys.scratch_start, EFI_BOOT_SERVICES_CODE);
	if (!err)
		err = efi_mm_set(&efi_mm, sys.scratch_start, sys.scratch_end, EFI_BOOT_SERVICES_DATA);
	if (!err)
		err = efi_mm_set(&efi_mm, efi_image_pa(), efi_image_pa() + EFI_MAX,
				 EFI_BOOT_SERVICES_CODE);
	if (!err && sys.fb_end)
		err = efi_mm_set(&efi_mm, sys.fb_start, sys.fb_end, EFI_RESERVED_TYPE);
	if (!err)
		err = efi_mm_alloc(&efi_mm, EFI_ALLOCATE_ANY_PAGES, EFI_RUNTIME_SERVICES_DATA,
				   (sizeof(*rtp) + EFI_PAGE - 1) / EFI_PAGE, &a);
	if (err) {
		printf("bootefi: no memory map (%s)\n", errname(err));
		return err;
	}
	rtp = (struct rt_page *)(uintptr_t)a;
	memset(rtp, 0, sizeof(*rtp));
	memcpy(rtp->vendor, u"gtaboot", sizeof(u"gtaboot"));
	rtp->props = (struct efi_rt_properties){ 1, sizeof(rtp->props), 0 };
	rtp->rt.hdr = (struct efi_table_header){ EFI_RUNTIME_SIG, EFI_REVISION,
						  sizeof(rtp->rt), 0, 0 };
	for (unsigned i = 0; i < 14; i++)
		rtp->rt.fn[i] = (void *)rt_unsupported;
	rtp->rt.fn[6] = (void *)efi_get_variable;
	rtp->rt.fn[7] = (void *)efi_get_next_variable;
	rtp->rt.fn[8] = (void *)efi_set_variable;
	rtp->rt.hdr.crc32 = crc32(0, &rtp->rt, sizeof(rtp->rt));

	memset(objs, 0, sizeof(objs));
	memset(events, 0, sizeof(events));
	key_ahead = -1;
	tpl_now = 4;
	efi_exited = false;
	memset(images, 0, sizeof(images));
	bs = bs_init;
	bs.hdr.crc32 = crc32(0, &bs, sizeof(bs));
	text_mode = (struct efi_text_mode){ .max_mode = 1, .attribute = 0x07 };
	text_out = text_out_init;
	text_out.mode = &text_mode;
	text_in = (struct efi_text_in){ .reset = in_reset, .read_key = read_key };
	create_event(EVT_NOTIFY_WAIT, 8, key_notify, NULL, &text_in.wait_for_key);
	key_event = text_in.wait_for_key;

	efi_st = &rtp->st;
	*efi_st = (struct efi_system_table){
		.hdr = { EFI_SYSTEM_SIG, EFI_REVISION, sizeof(*efi_st), 0, 0 },
		.fw_vendor = rtp->vendor, .fw_revision = 1,
		.con_in = &text_in, .con_out = &text_out, .std_err = &text_out,
		.runtime = &rtp->rt, .boot = &bs, .tables = rtp->tables,
	};
	efi_install(&h, &guid_text_in, &text_in);
	efi_install(&h, &guid_text_out, &text_out);
	con_obj = h;
	efi_st->con_in_handle = efi_st->con_out_handle = efi_st->stderr_handle = h;
	return (int)efi_install_config(&guid_rt_properties, &rtp->props) ? -ENOMEM : 0;
}

efi_status efi_uninstall(efi_handle h, const efi_guid *g, void *iface)
{
	return uninstall_protocol(h, g, iface);
}

efi_status efi_locate_dp(const efi_guid *g, void **dp, efi_handle *h)
{
	return locate_device_path(g, dp, h);
}

const void *efi_dp_of(efi_handle h)
{
	void **p = find(obj_of(h), &efi_guid_device_path);

	return p ? *p : NULL;
}
