// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * An EFI application that checks gtaboot's boot services from the other
 * side (tests/system/test_efi.py): memory, pool, the memory map and its
 * key, protocols, configuration tables, variables, events and timers,
 * CRC, the SD card's protocols (BlockIO, SimpleFileSystem, DevicePath
 * and its text, LoadImage from a file), Graphics Output on the GTA04's
 * panel, SimpleTextInputEx, then Exit() with EFI_ABORTED. One line per check on ConOut:
 * "efitest: <name> ok" or "... FAILED". Built position-independent,
 * Thumb, with no relocations (tests/payload/payload.mk), entered at an
 * odd AddressOfEntryPoint (tests/payload/mkefi.py).
 */
#include "efi/uefi.h"

#define CHECK(cond, name) say(out, (cond), u"efitest: " name)
#define EFI_LOADER_DATA_ 2u

static void say(struct efi_text_out *out, bool ok, const char16 *name)
{
	out->output_string(out, name);
	out->output_string(out, ok ? u" ok\r\n" : u" FAILED\r\n");
}

static bool same(const void *a, const void *b, unsigned n)
{
	const uint8_t *x = a, *y = b;

	for (unsigned i = 0; i < n; i++)
		if (x[i] != y[i])
			return false;
	return true;
}

/* The protocols of the card (UEFI 2.10 13.4, 13.5, 13.9, 10.6), as far
 * as the checks call them. */
struct bio_media {
	uint32_t media_id;
	bool removable, present, logical, read_only, write_caching;
	uint32_t block_size, io_align;
	uint64_t last_block;
};

struct block_io {
	uint64_t revision;
	struct bio_media *media;
	efi_status (*reset)(struct block_io *self, bool ext);
	efi_status (*read)(struct block_io *self, uint32_t id, uint64_t lba, uint32_t size, void *b);
	efi_status (*write)(struct block_io *self, uint32_t id, uint64_t lba, uint32_t size,
			    const void *b);
};

struct file {
	uint64_t revision;
	efi_status (*open)(struct file *self, struct file **out, const char16 *name, uint64_t mode,
			   uint64_t attrs);
	efi_status (*close)(struct file *self);
	efi_status (*delete)(struct file *self);
	efi_status (*read)(struct file *self, uint32_t *size, void *buf);
	efi_status (*write)(struct file *self, uint32_t *size, const void *buf);
	efi_status (*get_position)(struct file *self, uint64_t *pos);
	efi_status (*set_position)(struct file *self, uint64_t pos);
	efi_status (*get_info)(struct file *self, const efi_guid *type, uint32_t *size, void *buf);
};

struct sfs {
	uint64_t revision;
	efi_status (*open_volume)(struct sfs *self, struct file **root);
};

struct dp_to_text {
	char16 *(*node)(const void *node, bool display_only, bool shortcuts);
	char16 *(*path)(const void *dp, bool display_only, bool shortcuts);
};

static bool same16(const char16 *a, const char16 *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

static void timer_fired(efi_event ev, void *ctx)
{
	(*(int *)ctx)++;
}

/* A notification can count nothing: efitest has no writable data (it
 * runs unrelocated), and the function gets only the key. */
static efi_status key_noted(struct efi_key_data *k)
{
	return EFI_SUCCESS;
}

/* SimpleTextInputEx on ConIn's handle: no key waiting, its calls checked;
 * then up to 0.5 s for Ctrl-B, which test_efi.py types (and the other runs
 * do not): 'b' with the left Ctrl. */
static void text_in_ex_checks(struct efi_system_table *st, struct efi_boot_services *bs,
			      struct efi_text_out *out)
{
	efi_guid g = GUID(0xdd9e7534, 0x7762, 0x4698, 0x8c, 0x14, 0xf5, 0x85, 0x17, 0xa6, 0x25,
			  0xaa);
	struct efi_text_in_ex *in = NULL;
	struct efi_key_data k = { { 0, u'b' }, { 0, 0 } };
	void *h = NULL, *h2 = NULL;
	uint8_t toggle = EFI_TOGGLE_STATE_VALID;
	efi_event evs[2] = { NULL, NULL };
	uint32_t idx = 9;

	CHECK(!bs->handle_protocol(st->con_in_handle, &g, (void **)&in) && !in->reset(in, false) &&
	      in->read_key_ex(in, &k) == EFI_NOT_READY &&
	      bs->check_event(in->wait_for_key_ex) == EFI_NOT_READY &&
	      in->set_state(in, &toggle) == EFI_UNSUPPORTED &&
	      in->register_notify(in, &k, NULL, &h) == EFI_INVALID_PARAMETER &&
	      !in->register_notify(in, &k, key_noted, &h) && h &&
	      !in->register_notify(in, &k, key_noted, &h2) && h2 == h &&
	      in->unregister_notify(in, (char *)h + 1) == EFI_INVALID_PARAMETER,
	      u"SimpleTextInputEx");
	if (!in)
		return;
	out->output_string(out, u"efitest: press Ctrl-B\r\n");
	evs[0] = in->wait_for_key_ex;
	if (bs->create_event(EVT_TIMER, 0, NULL, NULL, &evs[1]) ||
	    bs->set_timer(evs[1], TIMER_RELATIVE, 5000000) ||
	    bs->wait_for_event(2, evs, &idx) || (bs->close_event(evs[1]), idx != 0)) {
		in->unregister_notify(in, h);
		return;
	}
	k = (struct efi_key_data){ { 0, 0 }, { 0, 0 } };
	CHECK(!in->read_key_ex(in, &k) && k.key.unicode == u'b' && k.key.scan == 0 &&
	      k.state.shift == (EFI_SHIFT_STATE_VALID | EFI_LEFT_CONTROL_PRESSED) &&
	      k.state.toggle == EFI_TOGGLE_STATE_VALID &&
	      !in->unregister_notify(in, h) &&
	      in->unregister_notify(in, h) == EFI_INVALID_PARAMETER, u"ReadKeyStrokeEx Ctrl-B");
}

/* EFI_GRAPHICS_OUTPUT_PROTOCOL (UEFI 2.10 12.9), as far as the checks
 * call it. */
struct gop_info {
	uint32_t version, width, height, format, mask[4], per_line;
};

struct gop_mode {
	uint32_t max_mode, mode;
	struct gop_info *info;
	uint32_t info_size;
	uint64_t fb_base;
	uint32_t fb_size;
};

struct gop {
	efi_status (*query_mode)(struct gop *self, uint32_t mode, uint32_t *size,
				 struct gop_info **info);
	efi_status (*set_mode)(struct gop *self, uint32_t mode);
	efi_status (*blt)(struct gop *self, uint32_t *buf, uint32_t op, uint32_t sx, uint32_t sy,
			  uint32_t dx, uint32_t dy, uint32_t w, uint32_t h, uint32_t delta);
	struct gop_mode *mode;
};

#define GOP_MAGENTA 0x00FF00FFu   /* an EFI_GRAPHICS_OUTPUT_BLT_PIXEL: B, G, R, 0 */
#define GOP_CYAN    0x0000FFFFu
#define GOP_Y       578           /* in the row below the screen's log */

static bool all(const uint32_t *p, unsigned n, uint32_t v)
{
	for (unsigned i = 0; i < n; i++)
		if (p[i] != v)
			return false;
	return true;
}

/* With the panel on (GTA04): its one mode, the framebuffer kept from the
 * allocator, Blt's four operations (tests/system/test_efi.py finds the
 * rectangles in the screenshot) and refused rectangles. Without (Beagle,
 * video=off): "efitest: no GOP". */
static void gop_checks(struct efi_boot_services *bs, struct efi_text_out *out,
		       struct dp_to_text *tt)
{
	efi_guid gop_g = GUID(0x9042a9de, 0x23dc, 0x4a38, 0x96, 0xfb, 0x7a, 0xde, 0xd0, 0x80, 0x51,
			      0x6a);
	efi_guid dpg = GUID(0x09576e91, 0x6d3f, 0x11d2, 0x8e, 0x39, 0x00, 0xa0, 0xc9, 0x69, 0x72,
			    0x3b);
	struct gop *gop = NULL;
	struct gop_info *qi = NULL;
	efi_handle hs[4];
	uint32_t size = sizeof(hs), isz = 0, px[64 * 12], pix;
	uint64_t a;
	void *dp = NULL;
	char16 *t = NULL;

	if (bs->locate_protocol(&gop_g, NULL, (void **)&gop) == EFI_NOT_FOUND && !gop) {
		out->output_string(out, u"efitest: no GOP\r\n");
		return;
	}
	struct gop_mode *m = gop->mode;
	struct gop_info *i = m->info;

	CHECK(m->max_mode == 1 && m->mode == 0 && m->info_size == sizeof(*i) && i->version == 0 &&
	      i->width == 480 && i->height == 640 && i->format == 2 && i->mask[0] == 0xF800 &&
	      i->mask[1] == 0x07E0 && i->mask[2] == 0x001F && i->mask[3] == 0 &&
	      i->per_line == 480 && m->fb_base && m->fb_size == 480 * 640 * 2 &&
	      !gop->query_mode(gop, 0, &isz, &qi) && isz == sizeof(*i) && same(qi, i, isz) &&
	      !bs->free_pool(qi) && gop->query_mode(gop, 1, &isz, &qi) == EFI_INVALID_PARAMETER &&
	      gop->set_mode(gop, 1) == EFI_UNSUPPORTED, u"GOP mode");
	a = m->fb_base;
	CHECK(bs->allocate_pages(2, EFI_LOADER_DATA_, 1, &a) == EFI_NOT_FOUND &&
	      (a = m->fb_base + m->fb_size - 0x1000,
	       bs->allocate_pages(2, EFI_LOADER_DATA_, 1, &a) == EFI_NOT_FOUND),
	      u"GOP framebuffer reserved");
	CHECK(!bs->locate_handle(2, &gop_g, NULL, &size, hs) && size == sizeof(hs[0]) &&
	      !bs->handle_protocol(hs[0], &dpg, &dp) && (t = tt->path(dp, false, false)) &&
	      same16(t, u"VenHw(c4b3f03a-713d-4f47-87e2-025a3ce66876)/"
		     u"VenHw(2b8c1d5e-3a94-474e-9d61-0f5ac723b841)") && !bs->free_pool(t),
	      u"GOP device path");
	/* a magenta fill read back; a cyan buffer drawn; the fill copied */
	pix = GOP_MAGENTA;
	CHECK(!gop->blt(gop, &pix, 0, 0, 0, 16, GOP_Y, 64, 12, 0) &&
	      !gop->blt(gop, px, 1, 16, GOP_Y, 0, 0, 64, 12, 0) && all(px, 64 * 12, GOP_MAGENTA),
	      u"GOP Blt VideoFill");
	for (unsigned k = 0; k < 64 * 12; k++)
		px[k] = GOP_CYAN;
	CHECK(!gop->blt(gop, px, 2, 0, 0, 100, GOP_Y, 64, 12, 0) &&
	      !gop->blt(gop, NULL, 3, 16, GOP_Y, 200, GOP_Y, 64, 12, 0) &&
	      !gop->blt(gop, px, 1, 200, GOP_Y, 0, 0, 32, 12, 256) &&
	      all(px, 32, GOP_MAGENTA) && px[32] == GOP_CYAN &&
	      !gop->blt(gop, px, 1, 100, GOP_Y, 0, 0, 64, 1, 0) && all(px, 64, GOP_CYAN),
	      u"GOP Blt BufferToVideo, VideoToVideo, VideoToBltBuffer");
	/* rectangles off the screen, a zero size, a wrapping sum, a buffer
	 * line too short, no buffer, an unknown operation: all refused, and
	 * the screen's last column untouched */
	pix = GOP_MAGENTA;
	CHECK(gop->blt(gop, &pix, 0, 0, 0, 480 - 63, GOP_Y, 64, 1, 0) == EFI_INVALID_PARAMETER &&
	      gop->blt(gop, &pix, 0, 0, 0, 0, 640, 1, 1, 0) == EFI_INVALID_PARAMETER &&
	      gop->blt(gop, &pix, 0, 0, 0, 0xFFFFFFFFu, 0, 2, 1, 0) == EFI_INVALID_PARAMETER &&
	      gop->blt(gop, &pix, 0, 0, 0, 0, 0, 0, 1, 0) == EFI_INVALID_PARAMETER &&
	      gop->blt(gop, px, 1, 479, 0, 0, 0, 2, 1, 0) == EFI_INVALID_PARAMETER &&
	      gop->blt(gop, px, 2, 1, 0, 0, 0, 4, 1, 16) == EFI_INVALID_PARAMETER &&
	      gop->blt(gop, px, 2, 0, 0, 0, 0, 4, 1, 18) == EFI_INVALID_PARAMETER &&
	      gop->blt(gop, NULL, 2, 0, 0, 0, 0, 4, 1, 0) == EFI_INVALID_PARAMETER &&
	      gop->blt(gop, NULL, 3, 0, 600, 0, 0, 4, 41, 0) == EFI_INVALID_PARAMETER &&
	      gop->blt(gop, &pix, 4, 0, 0, 0, 0, 1, 1, 0) == EFI_INVALID_PARAMETER &&
	      !gop->blt(gop, px, 1, 479, GOP_Y, 0, 0, 1, 1, 0) && px[0] == 0,
	      u"GOP Blt out of bounds");
}

efi_status efi_main(efi_handle image, struct efi_system_table *st)
{
	struct efi_boot_services *bs = st->boot;
	struct efi_text_out *out = st->con_out;
	efi_guid li_guid = GUID(0x5b1b31a1, 0x9562, 0x11d2, 0x8e, 0x3f, 0x00, 0xa0, 0xc9, 0x69,
				0x72, 0x3b);
	efi_guid nowhere = GUID(0x12345678, 0x1234, 0x1234, 1, 2, 3, 4, 5, 6, 7, 8);
	struct efi_loaded_image *li = NULL;
	void *p = NULL, *q = NULL;
	uint32_t size = 0, key = 0, dsize = 0, dver = 0, crc = 0, attr = 0, idx = 9;
	uint64_t a;
	uint8_t buf[64];
	efi_event ev = NULL;
	int fired = 0;

	CHECK(st->hdr.signature == EFI_SYSTEM_SIG && st->hdr.revision == EFI_REVISION &&
	      bs->hdr.signature == EFI_BOOT_SIG && st->runtime->hdr.signature == EFI_RUNTIME_SIG,
	      u"tables");
	CHECK(!bs->handle_protocol(image, &li_guid, (void **)&li) && li && li->system_table == st &&
	      li->image_base && li->image_size >= 0x1000, u"LoadedImage");
	CHECK(bs->locate_protocol(&nowhere, NULL, &q) == EFI_NOT_FOUND && !q, u"LocateProtocol");
	CHECK(bs->handle_protocol(image, &nowhere, &q) == EFI_UNSUPPORTED, u"HandleProtocol");
	CHECK(!bs->allocate_pool(EFI_LOADER_DATA_, 100, &p) && !((uintptr_t)p & 7) &&
	      !bs->free_pool(p) && bs->free_pool(p) == EFI_INVALID_PARAMETER, u"pool");
	CHECK(bs->get_memory_map(&size, NULL, &key, &dsize, &dver) == EFI_BUFFER_TOO_SMALL &&
	      size && dsize == 40 && dver == 1, u"GetMemoryMap size");
	a = 0x80000000u;
	CHECK(!bs->allocate_pages(2, EFI_LOADER_DATA_, 1, &a) && a == 0x80000000u &&
	      bs->allocate_pages(2, EFI_LOADER_DATA_, 1, &a) == EFI_NOT_FOUND &&
	      !bs->free_pages(a, 1) && bs->free_pages(a, 1) == EFI_NOT_FOUND, u"AllocatePages");
	a = (uintptr_t)st & ~0xFFFu;
	CHECK(bs->allocate_pages(2, EFI_LOADER_DATA_, 1, &a) == EFI_NOT_FOUND, u"firmware pages");
	a = 0x80100000u - 1;
	CHECK(!bs->allocate_pages(1, EFI_LOADER_DATA_, 4, &a) && a == 0x80100000u - 0x4000 &&
	      !bs->free_pages(a, 4), u"AllocatePages max");
	CHECK(!bs->calculate_crc32("123456789", 9, &crc) && crc == 0xCBF43926u, u"CalculateCrc32");
	bs->set_mem(buf, 8, 0x5a);
	bs->copy_mem(buf + 8, buf, 8);
	CHECK(buf[15] == 0x5a, u"CopyMem");
	size = sizeof(buf);
	CHECK(st->runtime->fn[6] && ((efi_status (*)(const char16 *, const efi_guid *, uint32_t *,
						      uint32_t *, void *))st->runtime->fn[6])(
		      u"EfiTest", &nowhere, &attr, &size, buf) == EFI_NOT_FOUND, u"GetVariable absent");
	CHECK(!((efi_status (*)(const char16 *, const efi_guid *, uint32_t, uint32_t, const void *))
		st->runtime->fn[8])(u"EfiTest", &nowhere, 6, 4, "abcd"), u"SetVariable");
	size = sizeof(buf);
	CHECK(!((efi_status (*)(const char16 *, const efi_guid *, uint32_t *, uint32_t *, void *))
		st->runtime->fn[6])(u"EfiTest", &nowhere, &attr, &size, buf) &&
	      size == 4 && attr == 6 && same(buf, "abcd", 4), u"GetVariable");
	/* a non-volatile variable: kept on the card for the next bootefi */
	efi_status (*getv)(const char16 *, const efi_guid *, uint32_t *, uint32_t *, void *) =
		(void *)st->runtime->fn[6];
	efi_status (*setv)(const char16 *, const efi_guid *, uint32_t, uint32_t, const void *) =
		(void *)st->runtime->fn[8];

	size = sizeof(buf);
	if (!getv(u"EfiTestNV", &nowhere, &attr, &size, buf) && size == 4 && attr == 7 &&
	    same(buf, "kept", 4))
		out->output_string(out, u"efitest: EfiTestNV was kept\r\n");
	CHECK(!setv(u"EfiTestNV", &nowhere, 7, 4, "kept"), u"SetVariable non-volatile");
	uint32_t n = st->ntables;

	CHECK(!bs->install_configuration_table(&nowhere, buf) && st->ntables == n + 1 &&
	      !bs->install_configuration_table(&nowhere, NULL) && st->ntables == n,
	      u"InstallConfigurationTable");
	CHECK(!bs->create_event(EVT_TIMER | EVT_NOTIFY_SIGNAL, 8, timer_fired, &fired, &ev) &&
	      !bs->set_timer(ev, TIMER_RELATIVE, 100000) && !bs->stall(20000) &&
	      (bs->check_event(ev) == EFI_INVALID_PARAMETER) && fired == 1 &&
	      !bs->close_event(ev), u"timer notify");
	CHECK(!bs->create_event(EVT_TIMER, 0, NULL, NULL, &ev) &&
	      !bs->set_timer(ev, TIMER_RELATIVE, 100000) &&
	      !bs->wait_for_event(1, &ev, &idx) && idx == 0 &&
	      bs->check_event(ev) == EFI_NOT_READY && !bs->close_event(ev), u"WaitForEvent");
	efi_guid g1 = GUID(0x11111111, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
	efi_guid g2 = GUID(0x22222222, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2);
	efi_handle h = NULL, found = NULL;
	/* a vendor hardware node of g1, then the end */
	uint8_t dp[24];

	bs->set_mem(dp, sizeof(dp), 0);
	dp[0] = 1;
	dp[1] = 4;
	dp[2] = 20;
	bs->copy_mem(dp + 4, &g1, 16);
	dp[20] = 0x7f;
	dp[21] = 0xff;
	dp[22] = 4;
	void *at = dp;
	efi_guid dpg = GUID(0x09576e91, 0x6d3f, 0x11d2, 0x8e, 0x39, 0x00, 0xa0, 0xc9, 0x69, 0x72,
			    0x3b);

	CHECK(!bs->install_multiple(&h, &g1, buf, &dpg, dp, NULL) && h &&
	      !bs->handle_protocol(h, &dpg, &q) && q == dp &&
	      !bs->locate_device_path(&g1, &at, &found) && found == h && at == dp + 20 &&
	      bs->uninstall_multiple(h, &g1, buf, &g2, buf, NULL) == EFI_INVALID_PARAMETER &&
	      !bs->uninstall_multiple(h, &g1, buf, &dpg, dp, NULL) &&
	      bs->locate_protocol(&g1, NULL, &q) == EFI_NOT_FOUND,
	      u"InstallMultipleProtocolInterfaces");
	CHECK(bs->raise_tpl(16) == 4, u"RaiseTPL");
	bs->restore_tpl(4);

	/* the card: the image was loaded from partition 1 by `load` */
	efi_guid bio_g = GUID(0x964e5b21, 0x6459, 0x11d2, 0x8e, 0x39, 0x00, 0xa0, 0xc9, 0x69,
			      0x72, 0x3b);
	efi_guid sfs_g = GUID(0x964e5b22, 0x6459, 0x11d2, 0x8e, 0x39, 0x00, 0xa0, 0xc9, 0x69,
			      0x72, 0x3b);
	efi_guid text_g = GUID(0x8b843e20, 0x8132, 0x4852, 0x90, 0xcc, 0x55, 0x1a, 0x4e, 0x4a,
			       0x7f, 0x1c);
	efi_guid lidp_g = GUID(0xbc62157e, 0x3e33, 0x4fec, 0x99, 0x20, 0x2d, 0x3b, 0x36, 0xd7,
			       0x50, 0xdf);
	efi_guid info_g = GUID(0x09576e92, 0x6d3f, 0x11d2, 0x8e, 0x39, 0x00, 0xa0, 0xc9, 0x69,
			       0x72, 0x3b);
	struct dp_to_text *tt = NULL;
	struct block_io *bio = NULL;
	struct sfs *sfs = NULL;
	struct file *root = NULL, *f = NULL;
	efi_handle *hs = NULL, h2 = NULL;
	uint8_t sec[512];
	uint64_t pos = 0;
	char16 *t = NULL;
	void *full = NULL;

	CHECK(li->device && !bs->locate_protocol(&text_g, NULL, (void **)&tt) &&
	      (t = tt->path(li->file_path, false, false)) && same16(t, u"\\efitest.efi") &&
	      !bs->free_pool(t), u"FilePath to text");
	CHECK(!bs->handle_protocol(li->device, &bio_g, (void **)&bio) && bio->media->logical &&
	      bio->media->read_only && bio->media->block_size == 512 &&
	      !bio->read(bio, bio->media->media_id, 0, 512, sec) && sec[510] == 0x55 &&
	      sec[511] == 0xaa && bio->write(bio, bio->media->media_id, 0, 512, sec) == EFIERR(8) &&
	      bio->read(bio, bio->media->media_id, bio->media->last_block, 1024, sec) ==
	      EFI_INVALID_PARAMETER, u"BlockIO");
	CHECK(!bs->locate_handle_buffer(BY_PROTOCOL, &bio_g, NULL, &n, &hs) && n >= 2 &&
	      !bs->free_pool(hs), u"BlockIO handles");
	CHECK(!bs->handle_protocol(li->device, &sfs_g, (void **)&sfs) &&
	      !sfs->open_volume(sfs, &root) &&
	      root->open(root, &f, u"nowhere.txt", 1, 0) == EFI_NOT_FOUND &&
	      root->open(root, &f, u"\\EFITEST.EFI", 3, 0) == EFIERR(8) &&
	      !root->open(root, &f, u"\\EFITEST.EFI", 1, 0) &&
	      (size = sizeof(sec), !f->get_info(f, &info_g, &size, sec)) &&
	      *(uint64_t *)(sec + 8) > 0x1000 &&
	      !f->set_position(f, 0x3c) && (size = 4, !f->read(f, &size, sec)) && size == 4 &&
	      !f->get_position(f, &pos) && pos == 0x40 && !f->set_position(f, 0) &&
	      (size = 2, !f->read(f, &size, sec)) && sec[0] == 'M' && sec[1] == 'Z' &&
	      !f->close(f) && (size = sizeof(sec), !root->read(root, &size, sec)) && size > 80 &&
	      !root->close(root), u"SimpleFileSystem");
	CHECK(!bs->handle_protocol(image, &lidp_g, &full) &&
	      !bs->load_image(false, image, full, NULL, 0, &h2) &&
	      !bs->handle_protocol(h2, &li_guid, &q) &&
	      ((struct efi_loaded_image *)q)->device == li->device &&
	      !bs->unload_image(h2), u"LoadImage from a file");
	/* from a buffer, with the path it came from: DeviceHandle and
	 * FilePath split from it as for a file */
	uint32_t fsize = (uint32_t)li->image_size;
	uint8_t *file = NULL;

	CHECK(!sfs->open_volume(sfs, &root) && !root->open(root, &f, u"\\efitest.efi", 1, 0) &&
	      (size = sizeof(sec), !f->get_info(f, &info_g, &size, sec)) &&
	      (fsize = (uint32_t)*(uint64_t *)(sec + 8)) &&
	      !bs->allocate_pool(EFI_LOADER_DATA_, fsize, (void **)&file) &&
	      (size = fsize, !f->read(f, &size, file)) && size == fsize && !f->close(f) &&
	      !root->close(root) && !bs->load_image(false, image, full, file, fsize, &h2) &&
	      !bs->handle_protocol(h2, &li_guid, &q) &&
	      ((struct efi_loaded_image *)q)->device == li->device &&
	      (t = tt->path(((struct efi_loaded_image *)q)->file_path, false, false)) &&
	      same16(t, u"\\efitest.efi") && !bs->free_pool(t) && !bs->unload_image(h2) &&
	      !bs->free_pool(file), u"LoadImage from a buffer and its path");
	gop_checks(bs, out, tt);
	text_in_ex_checks(st, bs, out);
	size = 0;
	bs->get_memory_map(&size, NULL, &key, &dsize, &dver);
	CHECK(bs->exit_boot_services(image, key + 1) == EFI_INVALID_PARAMETER, u"ExitBootServices key");
	out->output_string(out, u"efitest: done\r\n");
	bs->exit(image, EFI_ABORTED, 0, NULL);
	out->output_string(out, u"efitest: Exit returned\r\n");
	return EFI_LOAD_ERROR;
}
