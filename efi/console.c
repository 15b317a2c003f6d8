// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The console of gtaboot's EFI image (UEFI 2.10 sections 12.2-12.4):
 * SimpleTextOutput, SimpleTextInput and SimpleTextInputEx on gtaboot's
 * serial console. The key read ahead for WaitForKey and WaitForKeyEx is
 * efi/events.c's, which polls.
 */
#include "efi/efi.h"

#include "common/console.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

static const efi_guid guid_text_in = GUID(0x387477c1, 0x69c7, 0x11d2, 0x8e, 0x39, 0x00, 0xa0,
					  0xc9, 0x69, 0x72, 0x3b);
static const efi_guid guid_text_in_ex = GUID(0xdd9e7534, 0x7762, 0x4698, 0x8c, 0x14, 0xf5, 0x85,
					     0x17, 0xa6, 0x25, 0xaa);
static const efi_guid guid_text_out = GUID(0x387477c2, 0x69c7, 0x11d2, 0x8e, 0x39, 0x00, 0xa0,
					   0xc9, 0x69, 0x72, 0x3b);


/* The text modes (12.4.1): mode 0, 80 x 25, always; mode 1, 80 x 50,
 * never (a serial terminal's size is not known); mode 2 the screen's
 * grid (60 x 40 on the GTA04's panel) when there is a screen, as U-Boot
 * offers its video console's size. Mode 0 stays the current one: the
 * serial line is the console every board has. The screen shows the
 * cells of the current mode that fit on it. */
static unsigned screen_cols, screen_rows;
static struct efi_text_mode text_mode;

static bool mode_size(uint32_t mode, unsigned *cols, unsigned *rows)
{
	if (mode == 0) {
		*cols = 80;
		*rows = 25;
		return true;
	}
	if (mode == 2 && screen_cols) {
		*cols = screen_cols;
		*rows = screen_rows;
		return true;
	}
	return false;
}

static void grid(unsigned *cols, unsigned *rows)
{
	mode_size((uint32_t)text_mode.mode, cols, rows);
}

static efi_status text_reset(struct efi_text_out *self, bool ext)
{
	return EFI_SUCCESS;
}

/* The next line; at the grid's last, the screen's rows of it move up. */
static void new_line(unsigned rows)
{
	if ((unsigned)text_mode.cursor_row + 1 < rows)
		text_mode.cursor_row++;
	else
		efi_fbcon_scroll(rows, (uint32_t)text_mode.attribute);
}

/* The cursor as 12.4.3 moves it: CR, LF, BS, and printable characters,
 * which wrap at the grid's last column. */
static void put_cell(char16 c)
{
	unsigned cols, rows;

	grid(&cols, &rows);
	if (c == '\r') {
		text_mode.cursor_column = 0;
	} else if (c == '\n') {
		new_line(rows);
	} else if (c == 8) {
		if (text_mode.cursor_column)
			text_mode.cursor_column--;
	} else if (c >= 0x20) {
		efi_fbcon_put((unsigned)text_mode.cursor_column, (unsigned)text_mode.cursor_row, c,
			      (uint32_t)text_mode.attribute);
		if ((unsigned)++text_mode.cursor_column == cols) {
			text_mode.cursor_column = 0;
			new_line(rows);
		}
	}
}

static efi_status output_string(struct efi_text_out *self, const char16 *s)
{
	if (!s)
		return EFI_INVALID_PARAMETER;
	for (; *s; s++) {
		put_cell(*s);
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
	unsigned c, r;

	if (!mode_size(mode, &c, &r))
		return EFI_UNSUPPORTED;
	if (cols)
		*cols = c;
	if (rows)
		*rows = r;
	return EFI_SUCCESS;
}

static efi_status clear_screen(struct efi_text_out *self);

/* 12.4.5: the screen cleared, the cursor at (0, 0). */
static efi_status set_mode(struct efi_text_out *self, uint32_t mode)
{
	unsigned c, r;

	if (!mode_size(mode, &c, &r))
		return EFI_UNSUPPORTED;
	text_mode.mode = (int32_t)mode;
	return clear_screen(self);
}

static efi_status set_attribute(struct efi_text_out *self, uint32_t attr)
{
	text_mode.attribute = (int32_t)(attr & 0x7f);
	return EFI_SUCCESS;
}

static efi_status clear_screen(struct efi_text_out *self)
{
	printf("\x1b[2J\x1b[H");
	efi_fbcon_clear((uint32_t)text_mode.attribute);
	text_mode.cursor_column = text_mode.cursor_row = 0;
	return EFI_SUCCESS;
}

static efi_status set_cursor(struct efi_text_out *self, uint32_t col, uint32_t row)
{
	unsigned cols, rows;

	grid(&cols, &rows);
	if (col >= cols || row >= rows)
		return EFI_UNSUPPORTED;
	printf("\x1b[%u;%uH", (unsigned)row + 1, (unsigned)col + 1);
	text_mode.cursor_column = (int32_t)col;
	text_mode.cursor_row = (int32_t)row;
	return EFI_SUCCESS;
}

static efi_status enable_cursor(struct efi_text_out *self, bool on)
{
	printf(on ? "\x1b[?25h" : "\x1b[?25l");
	text_mode.cursor_visible = on;
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
	efi_key_take();
	while (console_getc() >= 0)
		;
	return EFI_SUCCESS;
}

static int next_key(unsigned wait_ms)
{
	int c = efi_key_take();

	return c >= 0 ? c : wait_ms ? console_getc_timeout(wait_ms) : console_getc();
}

/* Keys as a VT100 sends them: ESC [ A..D are the arrows (scan codes 1-4),
 * ESC alone is scan code 0x17. */
static efi_status read_one(struct efi_input_key *key)
{
	int c;

	/* GRUB's countdown polls keys and reads a clock its timer's
	 * notifications advance: timers fire here too */
	efi_poll_events();
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

/* RegisterKeyNotify's entries. A serial line has no key-down events, so
 * a notification runs when its key is read, by either protocol, before
 * the key is returned. */
#define NNOTIFY 8
static struct key_notify {
	struct efi_key_data key;
	efi_key_notify_fn fn;
} notifies[NNOTIFY];

static void run_notifies(struct efi_key_data *k)
{
	for (struct key_notify *n = notifies; n < notifies + NNOTIFY; n++) {
		/* a shift state in the registration must match too (12.2.5) */
		if (n->fn && n->key.key.scan == k->key.scan && n->key.key.unicode == k->key.unicode &&
		    (!(n->key.state.shift & EFI_SHIFT_STATE_VALID) ||
		     n->key.state.shift == k->state.shift))
			n->fn(k);
	}
}

/* The key as ReadKeyStrokeEx reports it (12.2.3): the shift state is
 * valid; a control character a terminal sends for Ctrl and a letter
 * (1-26, but backspace, tab, line feed and return) is that letter with
 * the left Ctrl pressed, as U-Boot reports it. */
static void key_ex(const struct efi_input_key *in, struct efi_key_data *out)
{
	char16 u = in->unicode;

	out->key = *in;
	out->state = (struct efi_key_state){ EFI_SHIFT_STATE_VALID, EFI_TOGGLE_STATE_VALID };
	if (u >= 1 && u <= 26 && u != 8 && u != 9 && u != 10 && u != 13) {
		out->key.unicode = (char16)(u + 'a' - 1);
		out->state.shift |= EFI_LEFT_CONTROL_PRESSED;
	}
}

/* A key for either protocol: raw as ReadKeyStroke gives it, ex as
 * ReadKeyStrokeEx does; the notifications run on it. */
static efi_status take_key(struct efi_input_key *raw, struct efi_key_data *ex)
{
	efi_status r = read_one(raw);

	if (r == EFI_SUCCESS) {
		key_ex(raw, ex);
		run_notifies(ex);
	}
	return r;
}

static efi_status read_key(struct efi_text_in *self, struct efi_input_key *key)
{
	struct efi_key_data k;

	return key ? take_key(key, &k) : EFI_INVALID_PARAMETER;
}

static struct efi_text_in text_in;

static void key_notify(efi_event ev, void *ctx)
{
}

static efi_status in_ex_reset(struct efi_text_in_ex *self, bool ext)
{
	return in_reset(&text_in, ext);
}

static efi_status read_key_ex(struct efi_text_in_ex *self, struct efi_key_data *key)
{
	struct efi_input_key k;

	return key ? take_key(&k, key) : EFI_INVALID_PARAMETER;
}

/* Caps, Num and Scroll Lock are a keyboard's: a serial line has no
 * state to set (12.2.4). */
static efi_status set_state(struct efi_text_in_ex *self, const uint8_t *toggle)
{
	if (!toggle)
		return EFI_INVALID_PARAMETER;
	return EFI_UNSUPPORTED;
}

static efi_status register_notify(struct efi_text_in_ex *self, const struct efi_key_data *key,
				  efi_key_notify_fn fn, void **handle)
{
	if (!key || !fn || !handle)
		return EFI_INVALID_PARAMETER;
	for (struct key_notify *n = notifies; n < notifies + NNOTIFY; n++) {
		if (n->fn == fn && n->key.key.scan == key->key.scan &&
		    n->key.key.unicode == key->key.unicode) {
			*handle = n;    /* the same registration again (12.2.5) */
			return EFI_SUCCESS;
		}
	}
	for (struct key_notify *n = notifies; n < notifies + NNOTIFY; n++) {
		if (!n->fn) {
			*n = (struct key_notify){ *key, fn };
			*handle = n;
			return EFI_SUCCESS;
		}
	}
	return EFI_OUT_OF_RESOURCES;
}

static efi_status unregister_notify(struct efi_text_in_ex *self, void *handle)
{
	uintptr_t off = (uintptr_t)handle - (uintptr_t)notifies;

	/* only a handle RegisterKeyNotify gave and not yet taken back */
	if (off >= sizeof(notifies) || off % sizeof(notifies[0]) ||
	    !notifies[off / sizeof(notifies[0])].fn)
		return EFI_INVALID_PARAMETER;
	notifies[off / sizeof(notifies[0])].fn = NULL;
	return EFI_SUCCESS;
}

static struct efi_text_in_ex text_in_ex;

int efi_console_init(void)
{
	efi_handle h = NULL;

	efi_key_take();
	efi_fbcon_size(&screen_cols, &screen_rows);
	text_mode = (struct efi_text_mode){ .max_mode = screen_cols ? 3 : 1, .attribute = 0x07,
					    .cursor_visible = true };
	text_out = text_out_init;
	text_out.mode = &text_mode;
	text_in = (struct efi_text_in){ .reset = in_reset, .read_key = read_key };
	text_in_ex = (struct efi_text_in_ex){
		.reset = in_ex_reset, .read_key_ex = read_key_ex, .set_state = set_state,
		.register_notify = register_notify, .unregister_notify = unregister_notify,
	};
	memset(notifies, 0, sizeof(notifies));
	if (efi_create_event(EVT_NOTIFY_WAIT, 8, key_notify, NULL, &text_in.wait_for_key) ||
	    efi_create_event(EVT_NOTIFY_WAIT, 8, key_notify, NULL, &text_in_ex.wait_for_key_ex))
		return -ENOMEM;
	efi_key_event(text_in.wait_for_key);
	efi_key_event(text_in_ex.wait_for_key_ex);
	efi_st->con_in = &text_in;
	efi_st->con_out = efi_st->std_err = &text_out;
	if (efi_install(&h, &guid_text_in, &text_in) ||
	    efi_install(&h, &guid_text_in_ex, &text_in_ex) ||
	    efi_install(&h, &guid_text_out, &text_out))
		return -ENOMEM;
	efi_st->con_in_handle = efi_st->con_out_handle = efi_st->stderr_handle = h;
	/* the table changed: its CRC again (efi_install_config makes it) */
	efi_st->hdr.crc32 = 0;
	efi_st->hdr.crc32 = crc32(0, efi_st, sizeof(*efi_st));
	return 0;
}
