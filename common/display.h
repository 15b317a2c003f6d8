/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The board's own screen during the boot: a text console mirroring the
 * serial one, a progress bar while images load, the boot menu, and the
 * picture handed to Linux as a simple-framebuffer. */
#ifndef COMMON_DISPLAY_H
#define COMMON_DISPLAY_H

#include <stdbool.h>
#include <stdint.h>

/* Early (before storage): the panel's pads and its SPI set-up, which then
 * advances while the boot waits for hardware. */
void display_prepare(void);
/* Starts the board's display unless it has none or the variable video is
 * "off": framebuffer below gtaboot's buffers, DSS, panel, backlight.
 * Returns true when the screen is on. */
bool display_start(void);
bool display_active(void);
/* The charging screen (common/charge.c): on: the panel's set-up completed
 * now (the board then sleeps, where the idle hook that advances it does
 * not run) and the backlight at its low level; off: at full again. */
void display_charging(bool on);
/* Dark again (the charging screen, common/charge.c): backlight off, the
 * panel into deep standby, the LCD output off; display_start() starts it
 * anew. */
void display_stop(void);

/* Letux's lcm (commands/letux.c), while the screen is on: the panel shows
 * the RGB565 frame at fb (sys.fb_start: gtaboot's own; 0: the colour
 * 0xRRGGBB alone); the backlight at level 0 (off) to 255 (full, the
 * GPIO), between them GPTIMER11's PWM. The hand-off shows gtaboot's frame
 * at full again: it is the simple-framebuffer Linux gets. */
void display_show(uint32_t fb, uint32_t colour);
void display_backlight(unsigned level);

/* A progress bar for a load of total bytes named what; display_progress_end
 * fills it (ok) or marks it failed. */
void display_progress_begin(const char *what, uint32_t total);
void display_progress_end(bool ok);

/* The boot menu on the screen: n items, sel highlighted, a hint line. */
void display_menu(const char *title, const char *(*item)(unsigned i), unsigned n, unsigned sel,
		  const char *hint);
void display_menu_close(void);
/* The menu item drawn where a touch's raw Y (0..4095 from the panel's
 * bottom, common/touch.h) falls; may be negative or past the last. */
int display_menu_row(unsigned raw_y);

/* The screen lent to an EFI application's text console (efi/fbcon.c):
 * lent, the log mirror stops and the screen is cleared to black; given
 * back, the title is drawn again and the log starts anew at its top,
 * over what the application left. Cells of 8 x 16
 * pixels, display_text_size() of them (0 x 0 with the screen off); a
 * cell shows a code point of ASCII or of the light box-drawing lines
 * (U+2500-U+253C, drawn as lines), anything else as '?', in RGB565
 * colours. Cells outside the screen are left out. */
void display_lend(bool lent);
void display_text_size(unsigned *cols, unsigned *rows);
void display_cell(unsigned col, unsigned row, uint32_t cp, uint16_t fg, uint16_t bg);
/* Rows [row0, row_end) of cells one row up, row_end - 1 cleared to bg. */
void display_scroll(unsigned row0, unsigned row_end, uint16_t bg);
void display_clear(uint16_t bg);

/* Before the hand-off: the panel's set-up completed, the picture in RAM. */
void display_handoff(void);
/* The simple-framebuffer node under /chosen and its /reserved-memory entry;
 * nothing when the display is off. */
int display_fdt(void *fdt, const char **why);

#endif
