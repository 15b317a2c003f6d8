// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The console of gtaboot's EFI image (UEFI 2.10 sections 12.3, 12.4):
 * SimpleTextOutput and SimpleTextInput on gtaboot's serial console. The
 * key read ahead for WaitForKey is efi/events.c's, which polls.
 */
#include "efi/efi.h"

#include "common/console.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/printf.h"

static const efi_guid guid_text_in = GUID(0x387477c1, 0x69c7, 0x11d2, 0x8e, 0x39, 0x00, 0xa0,
					  0xc9, 0x69, 0x72, 0x3b);
static const efi_guid guid_text_out = GUID(0x387477c2, 0x69c7, 0x11d2, 0x8e, 0x39, 0x00, 0xa0,
					   0xc9, 0x69, 0x72, 0x3b);


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
static efi_status read_key(struct efi_text_in *self, struct efi_input_key *key)
{
	int c;

	if (!key)
		return EFI_INVALID_PARAMETER;
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

static struct efi_text_in text_in;

static void key_notify(efi_event ev, void *ctx)
{
}

int efi_console_init(void)
{
	efi_handle h = NULL;

	efi_key_take();
	text_mode = (struct efi_text_mode){ .max_mode = 1, .attribute = 0x07 };
	text_out = text_out_init;
	text_out.mode = &text_mode;
	text_in = (struct efi_text_in){ .reset = in_reset, .read_key = read_key };
	if (efi_create_event(EVT_NOTIFY_WAIT, 8, key_notify, NULL, &text_in.wait_for_key))
		return -ENOMEM;
	efi_key_event(text_in.wait_for_key);
	efi_st->con_in = &text_in;
	efi_st->con_out = efi_st->std_err = &text_out;
	if (efi_install(&h, &guid_text_in, &text_in) || efi_install(&h, &guid_text_out, &text_out))
		return -ENOMEM;
	efi_st->con_in_handle = efi_st->con_out_handle = efi_st->stderr_handle = h;
	/* the table changed: its CRC again (efi_install_config makes it) */
	efi_st->hdr.crc32 = 0;
	efi_st->hdr.crc32 = crc32(0, efi_st, sizeof(*efi_st));
	return 0;
}
