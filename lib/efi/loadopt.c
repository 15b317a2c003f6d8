// SPDX-License-Identifier: GPL-2.0-or-later
/* EFI_LOAD_OPTION and device paths, every length checked against the
 * variable's data (UEFI 2.10 sections 3.1.3 and 10.3). U-Boot's
 * lib/efi_loader/efi_load_options.c was read for what a loader checks
 * (it checks only the first device path; this checks all of them). */
#include "lib/efi/loadopt.h"

#include <stdbool.h>

#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/string.h"

#define HD_NODE_LEN 42

static int fail(const char **why, const char *msg, int err)
{
	*why = msg;
	return err;
}

int efi_load_option_parse(const void *data, size_t len, struct efi_load_option *lo,
			  const char **why)
{
	const uint8_t *b = data;
	uint32_t pos, end, i;

	memset(lo, 0, sizeof(*lo));
	if (len < 6)
		return fail(why, "EFI load option shorter than its header", -EBADMSG);
	if (len > 0xffffffffu)
		return fail(why, "EFI load option too long", -EBADMSG);
	lo->attributes = get_le32(b);
	lo->paths_len = get_le16(b + 4);
	lo->desc = b + 6;
	for (i = 0;; i++) {
		if (i == EFI_DESC_MAX)
			return fail(why, "EFI load option description too long", -EBADMSG);
		if (len - 6 < 2 * (i + 1))
			return fail(why, "EFI load option description without its NUL", -EBADMSG);
		if (!get_le16(lo->desc + 2 * i))
			break;
	}
	lo->desc_units = i + 1;
	pos = 6 + 2 * lo->desc_units;
	if (lo->paths_len > len - pos)
		return fail(why, "EFI load option device paths past its end", -EBADMSG);
	if (!lo->paths_len)
		return fail(why, "EFI load option without a device path", -EBADMSG);
	lo->paths = b + pos;
	lo->optional = b + pos + lo->paths_len;
	lo->optional_len = (uint32_t)len - pos - lo->paths_len;

	/* Whole device paths, each ending in an End Entire node. */
	end = lo->paths_len;
	for (pos = 0; pos < end;) {
		bool ended = false;

		while (!ended) {
			uint16_t nlen;

			if (pos == end)
				return fail(why, "device path without its End Entire node", -EBADMSG);
			if (end - pos < 4)
				return fail(why, "device path node header past the list", -EBADMSG);
			nlen = get_le16(lo->paths + pos + 2);
			if (nlen < 4)
				return fail(why, "device path node shorter than 4 bytes", -EBADMSG);
			if (nlen > end - pos)
				return fail(why, "device path node past the list", -EBADMSG);
			ended = lo->paths[pos] == EFI_DP_TYPE_END &&
				lo->paths[pos + 1] == EFI_DP_END_ENTIRE;
			pos += nlen;
		}
	}
	return 0;
}

int efi_dp_next(const uint8_t *dp, uint32_t len, uint32_t *pos, struct efi_dp_node *n)
{
	if (*pos > len || len - *pos < 4)
		return -ENOENT;
	n->type = dp[*pos];
	n->subtype = dp[*pos + 1];
	n->len = get_le16(dp + *pos + 2);
	if (n->len < 4 || n->len > len - *pos)
		return -ENOENT;         /* not for a checked list */
	n->data = dp + *pos + 4;
	*pos += n->len;
	return 0;
}

/* Appends code point c as UTF-8 to path[*at], keeping room for the NUL. */
static int put_utf8(char *path, size_t cap, size_t *at, uint32_t c)
{
	uint8_t u[4];
	unsigned n;

	if (c < 0x80) {
		u[0] = (uint8_t)c;
		n = 1;
	} else if (c < 0x800) {
		u[0] = (uint8_t)(0xc0 | c >> 6);
		u[1] = (uint8_t)(0x80 | (c & 0x3f));
		n = 2;
	} else if (c < 0x10000) {
		u[0] = (uint8_t)(0xe0 | c >> 12);
		u[1] = (uint8_t)(0x80 | ((c >> 6) & 0x3f));
		u[2] = (uint8_t)(0x80 | (c & 0x3f));
		n = 3;
	} else {
		u[0] = (uint8_t)(0xf0 | c >> 18);
		u[1] = (uint8_t)(0x80 | ((c >> 12) & 0x3f));
		u[2] = (uint8_t)(0x80 | ((c >> 6) & 0x3f));
		u[3] = (uint8_t)(0x80 | (c & 0x3f));
		n = 4;
	}
	if (cap - *at < n + 1)
		return -ENAMETOOLONG;
	memcpy(path + *at, u, n);
	*at += n;
	return 0;
}

/* A File Path node's name (UTF-16LE, NUL-terminated) appended to path,
 * '\' as '/', a '/' put between nodes where neither side has one. */
static int file_node(const struct efi_dp_node *n, char *path, size_t cap, size_t *at,
		     const char **why)
{
	uint32_t units = (n->len - 4u) / 2, i;
	int err;

	if ((n->len - 4u) & 1)
		return fail(why, "File Path node of odd length", -EBADMSG);
	if (!units || get_le16(n->data + 2 * (units - 1)))
		return fail(why, "File Path node without its NUL", -EBADMSG);
	if (*at && path[*at - 1] != '/' && units > 1 && get_le16(n->data) != '\\' &&
	    get_le16(n->data) != '/') {
		err = put_utf8(path, cap, at, '/');
		if (err)
			return fail(why, "file path longer than its buffer", err);
	}
	for (i = 0; i + 1 < units; i++) {
		uint32_t c = get_le16(n->data + 2 * i);

		if (!c)
			break;
		if (c >= 0xdc00 && c < 0xe000)
			return fail(why, "File Path name with a lone UTF-16 surrogate", -EILSEQ);
		if (c >= 0xd800 && c < 0xdc00) {
			uint32_t lo = i + 2 < units ? get_le16(n->data + 2 * (i + 1)) : 0;

			if (lo < 0xdc00 || lo >= 0xe000)
				return fail(why, "File Path name with a lone UTF-16 surrogate",
					    -EILSEQ);
			c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
			i++;
		}
		if (c == '\\')
			c = '/';
		err = put_utf8(path, cap, at, c);
		if (err)
			return fail(why, "file path longer than its buffer", err);
	}
	return 0;
}

int efi_dp_boot_file(const uint8_t *dp, uint32_t len, struct efi_dp_hd *hd, char *path,
		     size_t cap, const char **why)
{
	struct efi_dp_node n;
	uint32_t pos = 0;
	size_t at = 0;
	int err;

	memset(hd, 0, sizeof(*hd));
	if (!cap)
		return fail(why, "file path longer than its buffer", -ENAMETOOLONG);
	path[0] = 0;
	while (!efi_dp_next(dp, len, &pos, &n)) {
		if (n.type == EFI_DP_TYPE_END && n.subtype == EFI_DP_END_ENTIRE)
			break;
		if (n.type != EFI_DP_TYPE_MEDIA)
			continue;
		if (n.subtype == EFI_DP_MEDIA_HARD_DRIVE) {
			if (n.len != HD_NODE_LEN)
				return fail(why, "Hard Drive node not 42 bytes long", -EBADMSG);
			hd->part = get_le32(n.data);
			hd->start = get_le32(n.data + 4) | (uint64_t)get_le32(n.data + 8) << 32;
			hd->size = get_le32(n.data + 12) | (uint64_t)get_le32(n.data + 16) << 32;
			memcpy(hd->signature, n.data + 20, 16);
			hd->format = n.data[36];
			hd->sig_type = n.data[37];
			if (!hd->part)
				return fail(why, "Hard Drive node for partition 0", -EBADMSG);
		} else if (n.subtype == EFI_DP_MEDIA_FILE_PATH) {
			err = file_node(&n, path, cap, &at, why);
			if (err)
				return err;
		}
	}
	path[at] = 0;
	if (!at)
		return fail(why, "device path without a file path", -ENOENT);
	return 0;
}
