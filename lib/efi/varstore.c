// SPDX-License-Identifier: GPL-2.0-or-later
/* UEFI variables in memory, in the entry layout of U-Boot's ubootefi.var,
 * so that the store saves as that file by copying its non-volatile entries
 * behind a header. The semantics of SetVariable (append, delete,
 * attributes that must match) are UEFI 2.10 section 8.2's; the file's
 * layout and what a loader skips are facts read in U-Boot's
 * include/efi_variable.h and lib/efi_loader/efi_var_common.c (no code
 * taken). Every entry read from a file is bounded before use. */
#include "lib/efi/varstore.h"

#include <stdbool.h>

#include "lib/bitops.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/string.h"

#define ATTR_KNOWN (EFI_VARIABLE_NON_VOLATILE | EFI_VARIABLE_BOOTSERVICE_ACCESS | \
		    EFI_VARIABLE_RUNTIME_ACCESS | EFI_VARIABLE_APPEND_WRITE)
#define ATTR_REFUSED (EFI_VARIABLE_HARDWARE_ERROR_RECORD | \
		      EFI_VARIABLE_AUTHENTICATED_WRITE_ACCESS | \
		      EFI_VARIABLE_TIME_BASED_AUTHENTICATED_WRITE_ACCESS)

/* One entry: its bounds in the buffer, all checked by ent_at(). */
struct ent {
	uint32_t pos, attr, dlen;
	uint32_t name, nunits;   /* offset of the name; UTF-16 units with the NUL */
	uint32_t data, next;
};

static int fail(const char **why, const char *msg, int err)
{
	if (why)
		*why = msg;
	return err;
}

/* UEFI is little-endian: a caller's CHAR16 name is already the file's
 * UTF-16LE, compared and copied as bytes. */
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "UEFI variables need a little-endian CPU"
#endif

static uint64_t entry_size(uint32_t nunits, uint64_t dlen)
{
	return ALIGN_UP(EFI_VAR_ENTRY_SIZE + 2ull * nunits + dlen, 8ull);
}

/* The entry at pos of b[0..end): 0, or -EBADMSG with *why. */
static int ent_at(const uint8_t *b, uint32_t pos, uint32_t end, struct ent *e, const char **why)
{
	uint64_t stop;

	if (pos > end || end - pos < EFI_VAR_ENTRY_SIZE)
		return fail(why, "EFI variable entry header outside the file", -EBADMSG);
	e->pos = pos;
	e->dlen = get_le32(b + pos);
	e->attr = get_le32(b + pos + 4);
	e->name = pos + EFI_VAR_ENTRY_SIZE;
	for (e->nunits = 1;; e->nunits++) {
		uint32_t at = e->name + 2 * (e->nunits - 1);

		if (end - at < 2)
			return fail(why, "EFI variable name without its NUL", -EBADMSG);
		if (e->nunits > EFI_VAR_NAME_MAX)
			return fail(why, "EFI variable name too long", -EBADMSG);
		if (!get_le16(b + at))
			break;
	}
	if (e->nunits == 1)
		return fail(why, "EFI variable with an empty name", -EBADMSG);
	e->data = e->name + 2 * e->nunits;
	if (e->dlen > end - e->data)
		return fail(why, "EFI variable data outside the file", -EBADMSG);
	/* The padding to 8 bytes, where a writer left it out at the end. */
	stop = ALIGN_UP((uint64_t)e->data + e->dlen, 8u);
	e->next = stop > end ? end : (uint32_t)stop;
	return 0;
}

/* Units of a caller's name with its NUL, looking at no more than max. */
static int name_units(const uint16_t *name, uint32_t max, uint32_t *n)
{
	for (uint32_t i = 0; i < max && i < EFI_VAR_NAME_MAX; i++)
		if (!name[i]) {
			*n = i + 1;
			return 0;
		}
	return max < EFI_VAR_NAME_MAX ? -EINVAL : -ENAMETOOLONG;
}

static bool ent_is(const uint8_t *b, const struct ent *e, const uint8_t guid[16],
		   const void *name, uint32_t nunits)
{
	return e->nunits == nunits && !memcmp(b + e->pos + 16, guid, 16) &&
	       !memcmp(b + e->name, name, 2 * nunits);
}

/* The variable (guid, name) in the store: true with *e. */
static bool find(const struct efi_varstore *vs, const uint8_t guid[16], const void *name,
		 uint32_t nunits, struct ent *e)
{
	for (uint32_t pos = 0; pos < vs->len; pos = e->next) {
		if (ent_at(vs->buf, pos, vs->len, e, NULL))
			return false;   /* cannot happen: the store holds checked entries */
		if (ent_is(vs->buf, e, guid, name, nunits))
			return true;
	}
	return false;
}

static void remove_ent(struct efi_varstore *vs, const struct ent *e)
{
	memmove(vs->buf + e->pos, vs->buf + e->next, vs->len - e->next);
	vs->len -= e->next - e->pos;
}

/* Writes an entry's header, name and padding at the end of the store
 * (room checked by the caller); the data, dlen bytes, is the caller's to
 * copy to the returned offset. */
static uint32_t append_ent(struct efi_varstore *vs, const uint8_t guid[16], const void *name,
			   uint32_t nunits, uint32_t attr, uint64_t time, uint32_t dlen)
{
	uint8_t *p = vs->buf + vs->len;
	uint32_t size = (uint32_t)entry_size(nunits, dlen);

	memset(p, 0, size);
	set_le32(p, dlen);
	set_le32(p + 4, attr);
	set_le32(p + 8, (uint32_t)time);
	set_le32(p + 12, (uint32_t)(time >> 32));
	memcpy(p + 16, guid, 16);
	memcpy(p + EFI_VAR_ENTRY_SIZE, name, 2 * nunits);
	vs->len += size;
	return (uint32_t)(p - vs->buf) + EFI_VAR_ENTRY_SIZE + 2 * nunits;
}

void efi_vars_init(struct efi_varstore *vs, void *buf, uint32_t cap)
{
	vs->buf = buf;
	vs->cap = cap & ~7u;
	vs->len = 0;
}

/* What a file's loader leaves out, as U-Boot's efi_var_restore() does
 * for a file on the ESP: volatile and empty variables, and authenticated
 * ones (no secure boot keys from a file anyone can write). */
static bool skipped(const struct ent *e)
{
	return !(e->attr & EFI_VARIABLE_NON_VOLATILE) || !e->dlen || (e->attr & ATTR_REFUSED);
}

int efi_vars_load(struct efi_varstore *vs, const void *file, size_t len, const char **why)
{
	const uint8_t *b = file;
	uint32_t flen, pos;
	uint64_t need = 0;
	struct ent e;
	int err;

	if (len < EFI_VAR_HDR_SIZE)
		return fail(why, "EFI variable file shorter than its header", -EBADMSG);
	if (get_le32(b) || get_le32(b + 4) || get_le32(b + 8) != (uint32_t)EFI_VAR_FILE_MAGIC ||
	    get_le32(b + 12) != (uint32_t)(EFI_VAR_FILE_MAGIC >> 32))
		return fail(why, "no EFI variable file (magic)", -EBADMSG);
	flen = get_le32(b + 16);
	if (flen < EFI_VAR_HDR_SIZE || flen > len)
		return fail(why, "EFI variable file length does not match the header", -EBADMSG);
	if (crc32(0, b + EFI_VAR_HDR_SIZE, flen - EFI_VAR_HDR_SIZE) != get_le32(b + 20))
		return fail(why, "EFI variable file CRC32 mismatch", -EBADMSG);
	/* Every entry checked before the store changes. */
	for (pos = EFI_VAR_HDR_SIZE; pos < flen; pos = e.next) {
		err = ent_at(b, pos, flen, &e, why);
		if (err)
			return err;
		if (!skipped(&e))
			need += entry_size(e.nunits, e.dlen);
	}
	if (need > vs->cap)
		return fail(why, "EFI variables larger than the store", -ENOSPC);
	vs->len = 0;
	for (pos = EFI_VAR_HDR_SIZE; pos < flen; pos = e.next) {
		struct ent old;
		uint32_t at;

		ent_at(b, pos, flen, &e, why);
		if (skipped(&e))
			continue;
		if (find(vs, b + pos + 16, b + e.name, e.nunits, &old))
			continue;       /* the first of two with one name wins */
		at = append_ent(vs, b + pos + 16, b + e.name, e.nunits, e.attr,
				get_le32(b + pos + 8) | (uint64_t)get_le32(b + pos + 12) << 32, e.dlen);
		memcpy(vs->buf + at, b + e.data, e.dlen);
	}
	return 0;
}

int efi_vars_save(const struct efi_varstore *vs, void *out, uint32_t cap, uint32_t *len)
{
	uint8_t *o = out;
	uint32_t total = EFI_VAR_HDR_SIZE;
	struct ent e;

	for (uint32_t pos = 0; pos < vs->len && !ent_at(vs->buf, pos, vs->len, &e, NULL);
	     pos = e.next)
		if (e.attr & EFI_VARIABLE_NON_VOLATILE)
			total += e.next - e.pos;
	*len = total;
	if (total > cap)
		return -ENOSPC;
	memset(o, 0, EFI_VAR_HDR_SIZE);
	set_le32(o + 8, (uint32_t)EFI_VAR_FILE_MAGIC);
	set_le32(o + 12, (uint32_t)(EFI_VAR_FILE_MAGIC >> 32));
	set_le32(o + 16, total);
	total = EFI_VAR_HDR_SIZE;
	for (uint32_t pos = 0; pos < vs->len && !ent_at(vs->buf, pos, vs->len, &e, NULL);
	     pos = e.next)
		if (e.attr & EFI_VARIABLE_NON_VOLATILE) {
			memcpy(o + total, vs->buf + e.pos, e.next - e.pos);
			total += e.next - e.pos;
		}
	set_le32(o + 20, crc32(0, o + EFI_VAR_HDR_SIZE, total - EFI_VAR_HDR_SIZE));
	return 0;
}

int efi_vars_get(const struct efi_varstore *vs, const uint8_t guid[16], const uint16_t *name,
		 uint32_t *attr, void *data, uint32_t *size)
{
	uint32_t n;
	struct ent e;
	int err = name_units(name, EFI_VAR_NAME_MAX, &n);

	if (err)
		return err;
	if (n == 1)
		return -EINVAL;
	if (!find(vs, guid, name, n, &e))
		return -ENOENT;
	if (attr)
		*attr = e.attr;
	if (*size < e.dlen) {
		*size = e.dlen;
		return -ENOSPC;
	}
	*size = e.dlen;
	memcpy(data, vs->buf + e.data, e.dlen);
	return 0;
}

int efi_vars_set(struct efi_varstore *vs, const uint8_t guid[16], const uint16_t *name,
		 uint32_t attr, const void *data, uint32_t size)
{
	uint32_t n, base = attr & ~(uint32_t)EFI_VARIABLE_APPEND_WRITE, at;
	bool append = attr & EFI_VARIABLE_APPEND_WRITE, found;
	uint64_t need, room;
	struct ent e;
	int err = name_units(name, EFI_VAR_NAME_MAX, &n);

	if (err)
		return err;
	if (n == 1)
		return -EINVAL;
	if (attr & ATTR_REFUSED)
		return -ENOTSUP;
	if (attr & ~ATTR_KNOWN)
		return -EINVAL;
	found = find(vs, guid, name, n, &e);
	if (!base || (!size && !append)) {
		if (!found)
			return -ENOENT;
		remove_ent(vs, &e);
		return 0;
	}
	if ((base & EFI_VARIABLE_RUNTIME_ACCESS) && !(base & EFI_VARIABLE_BOOTSERVICE_ACCESS))
		return -EINVAL;
	if (found && e.attr != base)
		return -EINVAL;
	if (append && !size)
		return 0;
	if (append && found) {
		/* The new entry is built behind the old one, then the old one goes. */
		need = entry_size(n, (uint64_t)e.dlen + size);
		if (need > vs->cap - vs->len)
			return -ENOSPC;
		at = append_ent(vs, guid, name, n, base, 0, e.dlen + size);
		memcpy(vs->buf + at, vs->buf + e.data, e.dlen);
		memcpy(vs->buf + at + e.dlen, data, size);
		remove_ent(vs, &e);
		return 0;
	}
	need = entry_size(n, size);
	room = (uint64_t)vs->cap - vs->len + (found ? e.next - e.pos : 0);
	if (need > room)
		return -ENOSPC;
	if (found)
		remove_ent(vs, &e);
	at = append_ent(vs, guid, name, n, base, 0, size);
	memcpy(vs->buf + at, data, size);
	return 0;
}

int efi_vars_next(const struct efi_varstore *vs, uint8_t guid[16], uint16_t *name,
		  uint32_t *name_size)
{
	uint32_t n, pos = 0;
	struct ent e;
	int err = name_units(name, *name_size / 2, &n);

	if (err)
		return err == -ENAMETOOLONG ? -EINVAL : err;
	if (n > 1) {
		if (!find(vs, guid, name, n, &e))
			return -EINVAL;
		pos = e.next;
	}
	if (pos >= vs->len || ent_at(vs->buf, pos, vs->len, &e, NULL))
		return -ENOENT;
	if (*name_size < 2 * e.nunits) {
		*name_size = 2 * e.nunits;
		return -ENOSPC;
	}
	*name_size = 2 * e.nunits;
	memcpy(guid, vs->buf + e.pos + 16, 16);
	memcpy(name, vs->buf + e.name, 2 * e.nunits);
	return 0;
}
