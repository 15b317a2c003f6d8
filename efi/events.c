// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * UEFI events, timers and task priority levels (UEFI 2.10 section 7.1) in
 * gtaboot's EFI image, polled: gtaboot takes no interrupts, so a timer
 * fires when a service that waits or looks (WaitForEvent, CheckEvent,
 * Stall, RestoreTPL, the console's ReadKeyStroke) polls, and so is a key
 * of gtaboot's console, read ahead for WaitForKey. Also Stall,
 * SetWatchdogTimer and GetNextMonotonicCount (7.5).
 */
#include "efi/efi.h"

#include "common/console.h"
#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/string.h"

#define NEVENTS 16

struct event {
	bool used, signaled;
	uint32_t type, tpl;
	efi_notify_fn fn;
	void *ctx;
	uint64_t due, period;   /* timer_us() values; due 0: no timer */
};
static struct event events[NEVENTS];


static struct event *event_of(efi_event ev)
{
	struct event *e = ev;

	return e >= events && e < events + NEVENTS && e->used ? e : NULL;
}

efi_status efi_create_event(uint32_t type, uint32_t tpl, efi_notify_fn fn, void *ctx,
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
	return group ? EFI_UNSUPPORTED : efi_create_event(type, tpl, fn, (void *)ctx, ev);
}

/* Task priority levels (7.1): nothing here runs asynchronously (events
 * are polled), but a notification waits while the level is at or above
 * its event's, as an interrupt would. */
static uint32_t tpl_now;       /* TPL_APPLICATION (4) from efi_events_init() */

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

/* One key of gtaboot's console read ahead, for the console's WaitForKey
 * and WaitForKeyEx events (efi/console.c takes it); -1: none. */
static int key_ahead;
static struct event *key_events[2];

void efi_key_event(efi_event ev)
{
	for (unsigned i = 0; i < ARRAY_SIZE(key_events); i++) {
		if (!key_events[i]) {
			key_events[i] = ev;
			return;
		}
	}
}

int efi_key_take(void)
{
	int c = key_ahead;

	key_ahead = -1;
	return c;
}

/* Timers that are due fire; a waiting key is read ahead, which signals
 * the key event. */
void efi_poll_events(void)
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

static bool check(struct event *e)
{
	if ((e == key_events[0] || e == key_events[1]) && key_ahead >= 0)
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
	efi_poll_events();
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
		efi_poll_events();
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
	efi_poll_events();   /* what waited for the level to drop */
}

static efi_status stall(uint32_t us)
{
	uint64_t end = timer_us() + us;

	/* timers fire meanwhile: events are polled */
	while (timer_us() < end)
		efi_poll_events();
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

void efi_events_exit_boot_services(void)
{
	for (struct event *e = events; e < events + NEVENTS; e++)
		if (e->used && e->type == EVT_SIGNAL_EXIT_BOOT_SERVICES)
			e->fn(e, e->ctx);
}

void efi_events_init(struct efi_boot_services *bs)
{
	memset(events, 0, sizeof(events));
	key_ahead = -1;
	key_events[0] = key_events[1] = NULL;
	tpl_now = 4;
	bs->raise_tpl = raise_tpl;
	bs->restore_tpl = restore_tpl;
	bs->create_event = efi_create_event;
	bs->create_event_ex = create_event_ex;
	bs->set_timer = set_timer;
	bs->wait_for_event = wait_for_event;
	bs->signal_event = signal_event;
	bs->close_event = close_event;
	bs->check_event = check_event;
	bs->stall = stall;
	bs->set_watchdog_timer = set_watchdog_timer;
	bs->get_next_monotonic_count = get_next_monotonic_count;
}
