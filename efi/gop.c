// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * EFI_GRAPHICS_OUTPUT_PROTOCOL (UEFI 2.10 section 12.9) on the board's
 * panel, while gtaboot's screen is on: its one mode (the panel's size,
 * RGB565 as the DISPC's GFX pipeline reads it, so PixelBitMask), Blt with
 * every rectangle checked against the screen, and the framebuffer's base
 * and size for Linux's stub (screen_info, efifb). docs/uefi.md.
 */
#include "board/board.h"
#include "common/display.h"
#include "common/sysinfo.h"
#include "drivers/video/omap_dss.h"
#include "efi/efi.h"
#include "lib/efi/devpath.h"
#include "lib/errno.h"
#include "lib/string.h"

enum { BLT_FILL, BLT_TO_BUFFER, BLT_FROM_BUFFER, BLT_VIDEO_TO_VIDEO };
enum { PIXEL_BIT_MASK = 2 };

struct gop_info {
	uint32_t version, width, height, format;
	uint32_t mask[4];       /* red, green, blue, reserved */
	uint32_t per_line;
};

struct gop_mode {
	uint32_t max_mode, mode;
	struct gop_info *info;
	uint32_t info_size;
	uint64_t fb_base;
	uint32_t fb_size;
};

struct blt_pixel {
	uint8_t b, g, r, reserved;
};

struct gop {
	efi_status (*query_mode)(struct gop *self, uint32_t mode, uint32_t *size,
				 struct gop_info **info);
	efi_status (*set_mode)(struct gop *self, uint32_t mode);
	efi_status (*blt)(struct gop *self, struct blt_pixel *buf, uint32_t op, uint32_t sx,
			  uint32_t sy, uint32_t dx, uint32_t dy, uint32_t w, uint32_t h,
			  uint32_t delta);
	struct gop_mode *mode;
};

static const efi_guid guid_gop = GUID(0x9042a9de, 0x23dc, 0x4a38, 0x96, 0xfb, 0x7a, 0xde, 0xd0,
				      0x80, 0x51, 0x6a);
/* VenHw(gtaboot)/VenHw(this GUID): the panel, as U-Boot puts its video
 * device under its root node */
static const uint8_t guid_panel[16] = { 0x5e, 0x1d, 0x8c, 0x2b, 0x94, 0x3a, 0x4e, 0x47,
					0x9d, 0x61, 0x0f, 0x5a, 0xc7, 0x23, 0xb8, 0x41 };

static struct gop proto;
static struct gop_mode mode;
static struct gop_info info;
static uint8_t dp[48];

static uint16_t *fb(uint32_t x, uint32_t y)
{
	return (uint16_t *)(uintptr_t)sys.fb_start + y * info.width + x;
}

static uint16_t to565(struct blt_pixel p)
{
	return (uint16_t)((p.r >> 3) << 11 | (p.g >> 2) << 5 | p.b >> 3);
}

/* each field's top bits repeated below, so white reads back as 0xFF */
static struct blt_pixel from565(uint16_t v)
{
	uint8_t r = v >> 11, g = (v >> 5) & 63, b = v & 31;

	return (struct blt_pixel){ (uint8_t)(b << 3 | b >> 2), (uint8_t)(g << 2 | g >> 4),
				   (uint8_t)(r << 3 | r >> 2), 0 };
}

/* the DISPC reads RAM: written rows go out of the D-cache */
static void clean(uint32_t y, uint32_t h)
{
	uintptr_t a = (uintptr_t)fb(0, y) & ~63u, end = (uintptr_t)fb(0, y + h);

	for (; a < end; a += 64)
		__asm__ volatile("mcr p15, 0, %0, c7, c10, 1" : : "r"(a) : "memory");
	__asm__ volatile("dsb" : : : "memory");
}

static efi_status query_mode(struct gop *self, uint32_t m, uint32_t *size, struct gop_info **out)
{
	if (self != &proto || !size || !out || m)
		return EFI_INVALID_PARAMETER;
	if (efi_alloc_pool(EFI_BOOT_SERVICES_DATA, sizeof(info), (void **)out))
		return EFI_OUT_OF_RESOURCES;
	**out = info;
	*size = sizeof(info);
	return EFI_SUCCESS;
}

/* The one mode: setting it clears the screen to black, as 12.9 says. */
static efi_status set_mode(struct gop *self, uint32_t m)
{
	if (self != &proto)
		return EFI_INVALID_PARAMETER;
	if (m)
		return EFI_UNSUPPORTED;
	for (uint32_t i = 0; i < info.width * info.height; i++)
		fb(0, 0)[i] = 0;
	clean(0, info.height);
	return EFI_SUCCESS;
}

/* [x, x + w) within n: in 64 bits, so no sum wraps */
static bool inside(uint32_t x, uint32_t w, uint32_t n)
{
	return (uint64_t)x + w <= n;
}

static efi_status blt(struct gop *self, struct blt_pixel *buf, uint32_t op, uint32_t sx,
		      uint32_t sy, uint32_t dx, uint32_t dy, uint32_t w, uint32_t h, uint32_t delta)
{
	uint32_t line = delta ? delta : w * sizeof(*buf);
	bool from_video = op == BLT_TO_BUFFER || op == BLT_VIDEO_TO_VIDEO;
	bool to_video = op != BLT_TO_BUFFER;

	if (self != &proto || op > BLT_VIDEO_TO_VIDEO || !w || !h || efi_exited)
		return EFI_INVALID_PARAMETER;
	if (op != BLT_VIDEO_TO_VIDEO && !buf)
		return EFI_INVALID_PARAMETER;
	/* the screen's side of the copy must lie on the screen */
	if (from_video && (!inside(sx, w, info.width) || !inside(sy, h, info.height)))
		return EFI_INVALID_PARAMETER;
	if (to_video && (!inside(dx, w, info.width) || !inside(dy, h, info.height)))
		return EFI_INVALID_PARAMETER;
	/* the buffer's side: whole pixels per line, the rectangle within a
	 * line and the 32-bit address space */
	if (op == BLT_TO_BUFFER || op == BLT_FROM_BUFFER) {
		uint32_t bx = op == BLT_TO_BUFFER ? dx : sx, by = op == BLT_TO_BUFFER ? dy : sy;
		uint64_t end = (uintptr_t)buf + (uint64_t)(by + (uint64_t)h - 1) * line +
			       ((uint64_t)bx + w) * sizeof(*buf);

		if ((line & 3) || ((uint64_t)bx + w) * sizeof(*buf) > line || end > 0x100000000ull)
			return EFI_INVALID_PARAMETER;
	}

	if (op == BLT_FILL) {
		uint16_t c = to565(buf[0]);

		for (uint32_t y = 0; y < h; y++)
			for (uint32_t x = 0; x < w; x++)
				*fb(dx + x, dy + y) = c;
	} else if (op == BLT_TO_BUFFER) {
		for (uint32_t y = 0; y < h; y++) {
			struct blt_pixel *row = (void *)((uint8_t *)buf + (dy + y) * line);

			for (uint32_t x = 0; x < w; x++)
				row[dx + x] = from565(*fb(sx + x, sy + y));
		}
	} else if (op == BLT_FROM_BUFFER) {
		for (uint32_t y = 0; y < h; y++) {
			const struct blt_pixel *row = (void *)((uint8_t *)buf + (sy + y) * line);

			for (uint32_t x = 0; x < w; x++)
				*fb(dx + x, dy + y) = to565(row[sx + x]);
		}
	} else {
		/* rows in the order that reads each before it is overwritten;
		 * memmove within a row */
		bool up = dy <= sy;

		for (uint32_t i = 0; i < h; i++) {
			uint32_t y = up ? i : h - 1 - i;

			memmove(fb(dx, dy + y), fb(sx, sy + y), w * DSS_BPP);
		}
	}
	if (to_video)
		clean(dy, h);
	return EFI_SUCCESS;
}

int efi_gop_init(void)
{
	const struct board_display *d = board.display;
	struct efi_dp_builder b;
	efi_handle h = NULL;

	/* no panel (BeagleBoard), video=off, or the screen stopped: no GOP,
	 * so LocateProtocol says EFI_NOT_FOUND and Linux's stub passes no
	 * EFI framebuffer on */
	if (!d || !display_active() || !sys.fb_end)
		return 0;
	info = (struct gop_info){
		.width = d->mode.width, .height = d->mode.height, .format = PIXEL_BIT_MASK,
		.mask = { 0xF800, 0x07E0, 0x001F, 0 }, .per_line = d->mode.width,
	};
	mode = (struct gop_mode){
		.max_mode = 1, .info = &info, .info_size = sizeof(info),
		.fb_base = sys.fb_start, .fb_size = sys.fb_end - sys.fb_start,
	};
	proto = (struct gop){ query_mode, set_mode, blt, &mode };
	efi_dp_init(&b, dp, sizeof(dp));
	efi_dp_vendor_hw(&b, efi_gtaboot_root_guid, NULL, 0);
	efi_dp_vendor_hw(&b, guid_panel, NULL, 0);
	if (!efi_dp_end(&b) || efi_install(&h, &guid_gop, &proto) ||
	    efi_install(&h, &efi_guid_device_path, dp))
		return -ENOMEM;
	return 0;
}
