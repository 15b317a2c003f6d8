// SPDX-License-Identifier: GPL-2.0-or-later
/* Device tree fix-ups through libfdt. The properties are those of the
 * Devicetree Specification (memory node, /chosen) and Linux's bindings
 * (linux,initrd-*, ti,twl4030-bci's ti,bb-uvolt/ti,bb-uamp). */
#include <stdbool.h>
#include <libfdt.h>
#include "lib/boot/fdt_fixup.h"
#include "lib/errno.h"
#include "lib/string.h"

static int fail(const char **why, const char *msg, int err)
{
	if (why)
		*why = msg;
	return err;
}

/* A libfdt error as an errno, with libfdt's text. */
static int fdt_fail(const char **why, int fdterr)
{
	int err;

	switch (-fdterr) {
	case FDT_ERR_NOSPACE:
		err = -ENOSPC;
		break;
	case FDT_ERR_NOTFOUND:
		err = -ENOENT;
		break;
	case FDT_ERR_TRUNCATED: case FDT_ERR_BADMAGIC: case FDT_ERR_BADVERSION:
	case FDT_ERR_BADSTRUCTURE: case FDT_ERR_BADLAYOUT: case FDT_ERR_BADSTATE:
	case FDT_ERR_BADOFFSET: case FDT_ERR_ALIGNMENT: case FDT_ERR_INTERNAL:
		err = -EBADMSG;
		break;
	default:
		err = -EINVAL;
		break;
	}
	return fail(why, fdt_strerror(fdterr), err);
}

/* libfdt 1.6.1's fdt_next_tag adds a property's length to the offset
 * unchecked: a length such as 0xfffffff4 brings the next tag back to the
 * same property, and fdt_check_full (like every later walk) loops for ever
 * (found by fuzzing; a DTB on the card would hang the boot). Walk the tags
 * once, as libfdt will, and refuse a walk that does not move forward; it
 * ends within size_dt_struct / 4 steps. A premature end is left to
 * fdt_check_full to diagnose. */
static int tags_move_forward(const void *blob)
{
	int off = 0, next;

	for (;;) {
		next = -1;
		if (fdt_next_tag(blob, off, &next) == FDT_END)
			return 0;
		if (next <= off)
			return -FDT_ERR_BADSTRUCTURE;
		off = next;
	}
}

int fdtfix_check(const void *blob, size_t len, const char **why)
{
	int ret;

	if (len < sizeof(struct fdt_header))
		return fdt_fail(why, -FDT_ERR_TRUNCATED);
	ret = fdt_check_header(blob);
	if (ret)
		return fdt_fail(why, ret);
	if (fdt_totalsize(blob) > len)
		return fdt_fail(why, -FDT_ERR_TRUNCATED);
	/* Before version 16 names and strings were laid out differently, and
	 * libfdt 1.6.1's fdt_check_full dereferences NULL on such blobs (found
	 * by fuzzing); dtc has written version 17 since 2007. */
	if (fdt_version(blob) < 16)
		return fdt_fail(why, -FDT_ERR_BADVERSION);
	ret = tags_move_forward(blob);
	if (!ret)
		ret = fdt_check_full(blob, len);
	return ret ? fdt_fail(why, ret) : 0;
}

int fdtfix_open(void *fdt, size_t size, const void *blob, size_t len, const char **why)
{
	int ret = fdtfix_check(blob, len, why);

	if (ret)
		return ret;
	if (size > INT32_MAX)
		size = INT32_MAX;
	ret = fdt_open_into(blob, fdt, (int)size);
	if (ret)
		return fdt_fail(why, ret);
	/* fdt_open_into rewrites a version 16 header as version 17; with a
	 * size_dt_strings of 0, which version 16 readers ignore, the copy
	 * loses every property name (found by fuzzing). Check the copy too. */
	ret = fdt_check_full(fdt, fdt_totalsize(fdt));
	return ret ? fail(why, "device tree damaged by its conversion to version 17",
			  -EBADMSG) : 0;
}

/* The root's #address-cells or #size-cells, which must be 1 or 2 here. */
static int root_cells(void *fdt, bool size, const char **why)
{
	int n = size ? fdt_size_cells(fdt, 0) : fdt_address_cells(fdt, 0);

	if (n < 0)
		return fdt_fail(why, n);
	if (n != 1 && n != 2)
		return fail(why, size ? "#size-cells of / is neither 1 nor 2" :
			    "#address-cells of / is neither 1 nor 2", -EINVAL);
	return n;
}

/* Both of the root's cell counts, as a reg of /memory or /chosen needs. */
static int root_reg_cells(void *fdt, int *ac, int *sc, const char **why)
{
	*ac = root_cells(fdt, false, why);
	if (*ac < 0)
		return *ac;
	*sc = root_cells(fdt, true, why);
	return *sc < 0 ? *sc : 0;
}

/* Stores v big-endian in n cells; false if it does not fit. */
static bool put_cells(uint8_t **p, uint64_t v, int n)
{
	int i;

	if (n == 1 && v > 0xffffffffu)
		return false;
	for (i = n * 4 - 1; i >= 0; i--)
		*(*p)++ = (uint8_t)(v >> (8 * i));
	return true;
}

/* "name@hex" */
static void unit_name(char *out, const char *name, uint64_t addr)
{
	static const char hex[] = "0123456789abcdef";
	int shift;

	while (*name)
		*out++ = *name++;
	*out++ = '@';
	for (shift = 60; shift > 0 && !(addr >> shift); shift -= 4)
		;
	for (; shift >= 0; shift -= 4)
		*out++ = hex[(addr >> shift) & 15];
	*out = 0;
}

static int memory_node(void *fdt, uint64_t start, const char **why)
{
	char name[32];
	int off, ret;

	off = fdt_node_offset_by_prop_value(fdt, -1, "device_type", "memory", 7);
	if (off >= 0 || off != -FDT_ERR_NOTFOUND)
		return off >= 0 ? off : fdt_fail(why, off);
	off = fdt_path_offset(fdt, "/memory");
	if (off >= 0)
		return off;
	unit_name(name, "memory", start);
	off = fdt_add_subnode(fdt, 0, name);
	if (off < 0)
		return fdt_fail(why, off);
	ret = fdt_setprop_string(fdt, off, "device_type", "memory");
	return ret ? fdt_fail(why, ret) : off;
}

int fdtfix_memory(void *fdt, const struct mem_bank *banks, unsigned nbanks, const char **why)
{
	uint8_t reg[FDTFIX_MAX_BANKS * 16], *p = reg;
	int ac, sc, off, other, ret, i;
	unsigned b;

	if (!nbanks || nbanks > FDTFIX_MAX_BANKS)
		return fail(why, "no memory banks, or too many", -EINVAL);
	ret = root_reg_cells(fdt, &ac, &sc, why);
	if (ret)
		return ret;
	for (b = 0; b < nbanks; b++)
		if (!put_cells(&p, banks[b].start, ac) || !put_cells(&p, banks[b].size, sc))
			return fail(why, "memory bank does not fit the root's cells", -ERANGE);
	off = memory_node(fdt, banks[0].start, why);
	if (off < 0)
		return off;
	ret = fdt_setprop(fdt, off, "reg", reg, (int)(p - reg));
	if (ret)
		return fdt_fail(why, ret);
	/* Deleting a later node leaves off valid; the bound is for safety. */
	for (i = 0; i < 64; i++) {
		other = fdt_node_offset_by_prop_value(fdt, off, "device_type", "memory", 7);
		if (other == -FDT_ERR_NOTFOUND)
			return 0;
		if (other < 0)
			return fdt_fail(why, other);
		ret = fdt_del_node(fdt, other);
		if (ret)
			return fdt_fail(why, ret);
	}
	return fail(why, "too many memory nodes", -EINVAL);
}

static int set_or_del_initrd(void *fdt, int off, uint64_t start, uint64_t end, const char **why)
{
	uint8_t v[8], *p;
	int ac, ret;

	if (!start && !end) {
		ret = fdt_delprop(fdt, off, "linux,initrd-start");
		if (ret && ret != -FDT_ERR_NOTFOUND)
			return fdt_fail(why, ret);
		ret = fdt_delprop(fdt, off, "linux,initrd-end");
		if (ret && ret != -FDT_ERR_NOTFOUND)
			return fdt_fail(why, ret);
		return 0;
	}
	if (end <= start)
		return fail(why, "initrd ends before it starts", -EINVAL);
	ac = root_cells(fdt, false, why);
	if (ac < 0)
		return ac;
	p = v;
	if (!put_cells(&p, start, ac))
		return fail(why, "initrd address does not fit the root's cells", -ERANGE);
	ret = fdt_setprop(fdt, off, "linux,initrd-start", v, ac * 4);
	if (ret)
		return fdt_fail(why, ret);
	p = v;
	if (!put_cells(&p, end, ac))
		return fail(why, "initrd address does not fit the root's cells", -ERANGE);
	ret = fdt_setprop(fdt, off, "linux,initrd-end", v, ac * 4);
	return ret ? fdt_fail(why, ret) : 0;
}

/* The offset of the root's child name, the node made when the tree has
 * none. */
static int top_node(void *fdt, const char *name)
{
	int off = fdt_subnode_offset(fdt, 0, name);

	return off == -FDT_ERR_NOTFOUND ? fdt_add_subnode(fdt, 0, name) : off;
}

static int chosen_node(void *fdt)
{
	return top_node(fdt, "chosen");
}

int fdtfix_chosen(void *fdt, const char *bootargs, const char *stdout_path,
		  uint64_t initrd_start, uint64_t initrd_end, const char **why)
{
	int off = chosen_node(fdt), ret;

	if (off < 0)
		return fdt_fail(why, off);
	if (bootargs) {
		ret = fdt_setprop_string(fdt, off, "bootargs", bootargs);
		if (ret)
			return fdt_fail(why, ret);
	}
	if (stdout_path && !fdt_getprop(fdt, off, "stdout-path", NULL)) {
		ret = fdt_setprop_string(fdt, off, "stdout-path", stdout_path);
		if (ret)
			return fdt_fail(why, ret);
	}
	return set_or_del_initrd(fdt, off, initrd_start, initrd_end, why);
}

int fdtfix_chosen_u32(void *fdt, const char *name, uint32_t value, const char **why)
{
	int off = chosen_node(fdt), ret;

	if (off < 0)
		return fdt_fail(why, off);
	ret = fdt_setprop_u32(fdt, off, name, value);
	return ret ? fdt_fail(why, ret) : 0;
}

int fdtfix_twl4030_bci(void *fdt, uint32_t bb_uvolt, uint32_t bb_uamp, const char **why)
{
	int off = -1, ret, n;

	for (n = 0; n < 16; n++) {
		off = fdt_node_offset_by_compatible(fdt, off, "ti,twl4030-bci");
		if (off == -FDT_ERR_NOTFOUND)
			break;
		if (off < 0)
			return fdt_fail(why, off);
		ret = fdt_setprop_u32(fdt, off, "ti,bb-uvolt", bb_uvolt);
		if (!ret)
			ret = fdt_setprop_u32(fdt, off, "ti,bb-uamp", bb_uamp);
		if (ret)
			return fdt_fail(why, ret);
	}
	if (!n)
		return fail(why, "no node compatible with ti,twl4030-bci", -ENOENT);
	return 0;
}

/* The subnode name of parent, created when missing. */
static int subnode(void *fdt, int parent, const char *name, const char **why)
{
	int off = fdt_subnode_offset(fdt, parent, name);

	if (off == -FDT_ERR_NOTFOUND)
		off = fdt_add_subnode(fdt, parent, name);
	return off < 0 ? fdt_fail(why, off) : off;
}

/*
 * The address space of a node's children, made 1:1 with the root's when
 * the node does not define one. Linux translates a child's reg through
 * its parent's ranges (of_translate_address): under a /chosen with no
 * ranges simplefb finds "No memory resource" (seen with Debian's 6.1
 * kernel). The simple-framebuffer and reserved-memory bindings both give
 * their parent the root's cell counts and an empty ranges. A node with its
 * own cell counts but no ranges, or a ranges that is not empty, is not
 * ours to redefine.
 */
/* A top-level node whose children's reg gtaboot writes, and what is said
 * when it defines an address space of its own. */
struct bus_node {
	const char *name, *ranges_not_empty, *own_cells;
};

static const struct bus_node chosen_bus = {
	"chosen", "/chosen has a ranges that is not empty",
	"/chosen has cell counts of its own and no ranges",
};
static const struct bus_node reserved_bus = {
	"reserved-memory", "/reserved-memory has a ranges that is not empty",
	"/reserved-memory has cell counts of its own and no ranges",
};

static int identity_bus(void *fdt, int node, const struct bus_node *bus, int *ac, int *sc,
			const char **why)
{
	int len, ret;

	if (fdt_getprop(fdt, node, "ranges", &len)) {
		if (len)
			return fail(why, bus->ranges_not_empty, -EINVAL);
		*ac = fdt_address_cells(fdt, node);
		*sc = fdt_size_cells(fdt, node);
		if (*ac < 0 || *sc < 0)
			return fdt_fail(why, *ac < 0 ? *ac : *sc);
		if (*ac < 1 || *ac > 2 || *sc < 1 || *sc > 2)
			return fail(why, "cell counts are neither 1 nor 2", -EINVAL);
		return 0;
	}
	ret = root_reg_cells(fdt, ac, sc, why);
	if (ret)
		return ret;
	if ((fdt_getprop(fdt, node, "#address-cells", NULL) &&
	     fdt_address_cells(fdt, node) != *ac) ||
	    (fdt_getprop(fdt, node, "#size-cells", NULL) && fdt_size_cells(fdt, node) != *sc))
		return fail(why, bus->own_cells, -EINVAL);
	ret = fdt_setprop_u32(fdt, node, "#address-cells", (uint32_t)*ac);
	if (!ret)
		ret = fdt_setprop_u32(fdt, node, "#size-cells", (uint32_t)*sc);
	if (!ret)
		ret = fdt_setprop_empty(fdt, node, "ranges");
	return ret ? fdt_fail(why, ret) : 0;
}

/* /bus/name@base with a reg of base and size in the bus's cells (the bus
 * made when missing, as a 1:1 bus): the node's offset. */
static int reg_node(void *fdt, const struct bus_node *bus, const char *name, uint64_t base,
		    uint64_t size, const char **why)
{
	uint8_t reg[16], *p = reg;
	char unit[32];
	int ac, sc, parent, off, ret;

	parent = top_node(fdt, bus->name);
	if (parent < 0)
		return fdt_fail(why, parent);
	ret = identity_bus(fdt, parent, bus, &ac, &sc, why);
	if (ret)
		return ret;
	if (!put_cells(&p, base, ac) || !put_cells(&p, size, sc))
		return fail(why, "framebuffer does not fit the cells of its parent", -ERANGE);
	unit_name(unit, name, base);
	off = subnode(fdt, parent, unit, why);
	if (off < 0)
		return off;
	ret = fdt_setprop(fdt, off, "reg", reg, (ac + sc) * 4);
	return ret ? fdt_fail(why, ret) : off;
}

int fdtfix_simplefb(void *fdt, const struct fdt_simplefb *fb, const char **why)
{
	int off, ret;

	if (!fb->size || !fb->width || !fb->height || fb->stride < fb->width ||
	    (uint64_t)fb->stride * fb->height > fb->size)
		return fail(why, "bad framebuffer geometry", -EINVAL);
	/* The pages stay the screen's: a /reserved-memory entry with no-map
	 * keeps them out of the kernel's allocator and its linear map. (A
	 * /memreserve/ entry is not enough: the pages stay System RAM, which
	 * ARM Linux refuses to ioremap, so simplefb fails with -ENOMEM.) */
	off = reg_node(fdt, &reserved_bus, "framebuffer", fb->base, fb->size, why);
	if (off < 0)
		return off;
	ret = fdt_setprop_empty(fdt, off, "no-map");
	if (ret)
		return fdt_fail(why, ret);
	off = reg_node(fdt, &chosen_bus, "framebuffer", fb->base, fb->size, why);
	if (off < 0)
		return off;
	ret = fdt_setprop_string(fdt, off, "compatible", "simple-framebuffer");
	if (!ret)
		ret = fdt_setprop_u32(fdt, off, "width", fb->width);
	if (!ret)
		ret = fdt_setprop_u32(fdt, off, "height", fb->height);
	if (!ret)
		ret = fdt_setprop_u32(fdt, off, "stride", fb->stride);
	if (!ret)
		ret = fdt_setprop_string(fdt, off, "format", fb->format);
	return ret ? fdt_fail(why, ret) : 0;
}

int fdtfix_pack(void *fdt, uint32_t *size, const char **why)
{
	int ret = fdt_pack(fdt);

	if (ret)
		return fdt_fail(why, ret);
	/* The kernel gets this tree: never hand over one libfdt rejects. */
	if (fdt_check_full(fdt, fdt_totalsize(fdt)))
		return fail(why, "the patched device tree fails libfdt's check", -EBADMSG);
	if (size)
		*size = fdt_totalsize(fdt);
	return 0;
}
