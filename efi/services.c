// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * UEFI boot services (UEFI 2.10 chapter 7) over gtaboot: memory on
 * lib/efi/memmap.c, a small handle table, the configuration table and
 * ExitBootServices (events and timers: efi/events.c; the console:
 * efi/console.c), and the system table, whose page (with the runtime services
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

static struct efi_obj objs[NOBJS];
/* The loaded images (efi/image.c's), by handle: an image's handle is its
 * struct efi_image, whose object comes first. */
static struct efi_image *images[4];
static struct efi_boot_services bs;

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
	efi_events_exit_boot_services();
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
	.allocate_pages = allocate_pages, .free_pages = free_pages,
	.get_memory_map = get_memory_map, .allocate_pool = efi_alloc_pool,
	.free_pool = efi_free_pool,
	.install_protocol = install_protocol, .reinstall_protocol = (void *)reinstall_protocol,
	.uninstall_protocol = uninstall_protocol, .handle_protocol = handle_protocol,
	.register_protocol_notify = register_protocol_notify, .locate_handle = locate_handle,
	.locate_device_path = locate_device_path,
	.install_configuration_table = efi_install_config,
	.exit_boot_services = exit_boot_services,
	.connect_controller = connect_controller, .disconnect_controller = disconnect_controller,
	.open_protocol = open_protocol, .close_protocol = close_protocol,
	.open_protocol_information = (void *)unsupported,
	.protocols_per_handle = protocols_per_handle,
	.locate_handle_buffer = locate_handle_buffer, .locate_protocol = locate_protocol,
	.install_multiple = install_multiple, .uninstall_multiple = uninstall_multiple,
	.calculate_crc32 = calculate_crc32, .copy_mem = copy_mem, .set_mem = set_mem,
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
	efi_exited = false;
	memset(images, 0, sizeof(images));
	bs = bs_init;
	efi_events_init(&bs);
	bs.hdr.crc32 = crc32(0, &bs, sizeof(bs));

	efi_st = &rtp->st;
	*efi_st = (struct efi_system_table){
		.hdr = { EFI_SYSTEM_SIG, EFI_REVISION, sizeof(*efi_st), 0, 0 },
		.fw_vendor = rtp->vendor, .fw_revision = 1,
		.runtime = &rtp->rt, .boot = &bs, .tables = rtp->tables,
	};
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
