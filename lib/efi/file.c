// SPDX-License-Identifier: GPL-2.0-or-later
/* EFI_SIMPLE_FILE_SYSTEM_PROTOCOL and EFI_FILE_PROTOCOL (UEFI 2.10 13.4,
 * 13.5) over lib/fs, read-only. A handle keeps its path from the root and
 * an fs_file, so reads go on where the last one ended; a directory's
 * position is the index of its next entry. Every handle is checked to be
 * one of the volume's, every name bounded, and nothing is written past
 * the size the caller gives. */
#include "lib/efi/file.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/string.h"

/* 09576e92-6d3f-11d2-8e39-00a0c969723b and ...93..., db47d7d3-fe81-11d3-
 * 9a35-0090273fc14d (13.5.16-13.5.18), in memory order. */
const uint8_t efi_file_info_guid[16] = {
	0x92, 0x6e, 0x57, 0x09, 0x3f, 0x6d, 0xd2, 0x11,
	0x8e, 0x39, 0x00, 0xa0, 0xc9, 0x69, 0x72, 0x3b,
};
const uint8_t efi_fs_info_guid[16] = {
	0x93, 0x6e, 0x57, 0x09, 0x3f, 0x6d, 0xd2, 0x11,
	0x8e, 0x39, 0x00, 0xa0, 0xc9, 0x69, 0x72, 0x3b,
};
const uint8_t efi_fs_label_guid[16] = {
	0xd3, 0xd7, 0x47, 0xdb, 0x81, 0xfe, 0xd3, 0x11,
	0x9a, 0x35, 0x00, 0x90, 0x27, 0x3f, 0xc1, 0x4d,
};

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static efi_status from_errno(int err)
{
	switch (err) {
	case 0:
		return EFI_SUCCESS;
	case -ENOENT:
	case -ENOTDIR:
	case -ELOOP:
	case -ENAMETOOLONG:
		return EFI_NOT_FOUND;
	case -EBADMSG:
		return EFI_VOLUME_CORRUPTED;
	case -ENOTSUP:
		return EFI_UNSUPPORTED;
	case -ENODEV:
		return EFI_NO_MEDIA;
	default:
		return EFI_DEVICE_ERROR;
	}
}

void efi_volume_init(struct efi_volume *v, struct fs *fs)
{
	memset(v, 0, sizeof(*v));
	v->fs = fs;
}

/* f is one of v's handles, open. */
static bool handle_ok(const struct efi_volume *v, const struct efi_file *f)
{
	uintptr_t a = (uintptr_t)f, b = (uintptr_t)v->files;

	return f && a >= b && a < b + sizeof(v->files) && (a - b) % sizeof(*f) == 0 && f->used;
}

static struct efi_file *handle_new(struct efi_volume *v)
{
	for (size_t i = 0; i < EFI_FILE_HANDLES; i++) {
		if (!v->files[i].used) {
			memset(&v->files[i], 0, sizeof(v->files[i]));
			return &v->files[i];
		}
	}
	return NULL;
}

/* Opens path (from the root, "/"-separated) into a new handle. */
static efi_status open_path(struct efi_volume *v, const char *path, struct efi_file **out)
{
	struct efi_file *f = handle_new(v);
	int ret;

	if (!f)
		return EFI_OUT_OF_RESOURCES;
	ret = fs_open(v->fs, path[0] ? path : "/", &f->f);
	if (ret)
		return from_errno(ret);
	f->is_dir = f->f.is_dir;
	memcpy(f->path, path, strlen(path) + 1);
	f->used = true;
	*out = f;
	return EFI_SUCCESS;
}

efi_status efi_open_volume(struct efi_volume *v, struct efi_file **root)
{
	if (!v || !root)
		return EFI_INVALID_PARAMETER;
	return open_path(v, "", root);
}

/* Appends one code point as UTF-8 to out (len bytes used of cap). */
static bool put_utf8(char *out, size_t *len, size_t cap, uint32_t c)
{
	uint8_t b[4];
	size_t n;

	if (c < 0x80) {
		b[0] = (uint8_t)c;
		n = 1;
	} else if (c < 0x800) {
		b[0] = (uint8_t)(0xc0 | c >> 6);
		b[1] = (uint8_t)(0x80 | (c & 0x3f));
		n = 2;
	} else if (c < 0x10000) {
		b[0] = (uint8_t)(0xe0 | c >> 12);
		b[1] = (uint8_t)(0x80 | ((c >> 6) & 0x3f));
		b[2] = (uint8_t)(0x80 | (c & 0x3f));
		n = 3;
	} else {
		b[0] = (uint8_t)(0xf0 | c >> 18);
		b[1] = (uint8_t)(0x80 | ((c >> 12) & 0x3f));
		b[2] = (uint8_t)(0x80 | ((c >> 6) & 0x3f));
		b[3] = (uint8_t)(0x80 | (c & 0x3f));
		n = 4;
	}
	if (*len + n >= cap)
		return false;
	memcpy(out + *len, b, n);
	*len += n;
	out[*len] = 0;
	return true;
}

/* Drops the last component of path (length *len). */
static void path_up(char *path, size_t *len)
{
	while (*len && path[*len - 1] != '/')
		(*len)--;
	if (*len)
		(*len)--;
	path[*len] = 0;
}

/* Applies the component comp (clen bytes) to path. */
static bool path_step(char *path, size_t *len, const char *comp, size_t clen)
{
	if (!clen || (clen == 1 && comp[0] == '.'))
		return true;
	if (clen == 2 && comp[0] == '.' && comp[1] == '.') {
		path_up(path, len);
		return true;
	}
	if (*len + 1 + clen >= EFI_FILE_PATH_MAX)
		return false;
	path[(*len)++] = '/';
	memcpy(path + *len, comp, clen);
	*len += clen;
	path[*len] = 0;
	return true;
}

/* The path name names from base, into path (EFI_FILE_PATH_MAX bytes). */
static efi_status resolve(const char *base, const uint16_t *name, char *path)
{
	char comp[EFI_FILE_PATH_MAX];
	size_t len, clen = 0, i;

	len = (name[0] == '\\' || name[0] == '/') ? 0 : strlen(base);
	memcpy(path, base, len);
	path[len] = 0;
	comp[0] = 0;
	for (i = 0; i < EFI_FILE_NAME_UNITS; i++) {
		uint32_t c = name[i];

		if (!c || c == '\\' || c == '/') {
			if (!path_step(path, &len, comp, clen))
				return EFI_OUT_OF_RESOURCES;
			clen = 0;
			comp[0] = 0;
			if (!c)
				return EFI_SUCCESS;
			continue;
		}
		if (c >= 0xdc00 && c < 0xe000)
			return EFI_INVALID_PARAMETER;
		if (c >= 0xd800 && c < 0xdc00) {
			if (i + 1 >= EFI_FILE_NAME_UNITS || name[i + 1] < 0xdc00 ||
			    name[i + 1] >= 0xe000)
				return EFI_INVALID_PARAMETER;
			c = 0x10000 + ((c - 0xd800) << 10) + (name[++i] - 0xdc00u);
		}
		if (!put_utf8(comp, &clen, sizeof(comp), c))
			return EFI_OUT_OF_RESOURCES;
	}
	return EFI_INVALID_PARAMETER;
}

efi_status efi_file_open(struct efi_volume *v, struct efi_file *from, struct efi_file **out,
			 const uint16_t *name, uint64_t mode, uint64_t attrs)
{
	char path[EFI_FILE_PATH_MAX];
	efi_status st;

	(void)attrs;  /* only used with CREATE, which is refused */
	if (!v || !handle_ok(v, from) || !out || !name)
		return EFI_INVALID_PARAMETER;
	if (mode != EFI_FILE_MODE_READ &&
	    mode != (EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE) &&
	    mode != (EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE | EFI_FILE_MODE_CREATE))
		return EFI_INVALID_PARAMETER;
	/* Nothing is written yet: say the medium is write-protected, which
	 * systemd-boot expects for its random seed on a read-only ESP. */
	if (mode != EFI_FILE_MODE_READ)
		return EFI_WRITE_PROTECTED;
	st = resolve(from->path, name, path);
	if (st)
		return st;
	return open_path(v, path, out);
}

efi_status efi_file_close(struct efi_volume *v, struct efi_file *f)
{
	if (!v || !handle_ok(v, f))
		return EFI_INVALID_PARAMETER;
	f->used = false;
	return EFI_SUCCESS;
}

efi_status efi_file_delete(struct efi_volume *v, struct efi_file *f)
{
	efi_status st = efi_file_close(v, f);

	return st ? st : EFI_WARN_DELETE_FAILURE;
}

/* UTF-8 name to UTF-16 at out (NULL: only counted); returns the units
 * with the NUL. A byte that does not start a valid sequence is U+FFFD. */
static size_t utf16_of(const char *s, uint8_t *out)
{
	const uint8_t *p = (const uint8_t *)s;
	size_t n = 0;

	while (*p) {
		uint32_t c = *p, need = 0, i;

		if (c >= 0xf0 && c < 0xf5)
			need = 3, c &= 7;
		else if (c >= 0xe0 && c < 0xf0)
			need = 2, c &= 15;
		else if (c >= 0xc2 && c < 0xe0)
			need = 1, c &= 31;
		else if (c >= 0x80)
			c = 0xfffd;
		for (i = 1; i <= need; i++) {
			if ((p[i] & 0xc0) != 0x80)
				break;
			c = c << 6 | (p[i] & 0x3f);
		}
		if (i <= need || (need == 2 && (c < 0x800 || (c >= 0xd800 && c < 0xe000))) ||
		    (need == 3 && (c < 0x10000 || c > 0x10ffff))) {
			c = 0xfffd;
			need = 0;
		}
		p += need + 1;
		if (c >= 0x10000) {
			if (out) {
				put16(out + 2 * n, (uint16_t)(0xd800 + ((c - 0x10000) >> 10)));
				put16(out + 2 * n + 2, (uint16_t)(0xdc00 + (c & 0x3ff)));
			}
			n += 2;
		} else {
			if (out)
				put16(out + 2 * n, (uint16_t)c);
			n++;
		}
	}
	if (out)
		put16(out + 2 * n, 0);
	return n + 1;
}

/* EFI_FILE_INFO for name, size, is_dir into buf (*size bytes of room). */
static efi_status file_info(struct efi_volume *v, const char *name, uint32_t fsize, bool is_dir,
			    size_t *size, void *buf)
{
	size_t need = EFI_FILE_INFO_SIZE + 2 * utf16_of(name, NULL);
	uint64_t unit = fs_unit_size(v->fs);
	uint8_t *b = buf;

	if (*size < need) {
		*size = need;
		return EFI_BUFFER_TOO_SMALL;
	}
	if (!buf)
		return EFI_INVALID_PARAMETER;
	memset(b, 0, EFI_FILE_INFO_SIZE);
	put64(b, need);
	put64(b + 8, fsize);
	/* whole clusters or blocks: a power of two */
	put64(b + 16, unit ? ((uint64_t)fsize + unit - 1) & ~(unit - 1) : fsize);
	/* the three EFI_TIMEs (24, 40, 56) stay zero: lib/fs keeps no times */
	put64(b + 72, is_dir ? EFI_FILE_DIRECTORY : 0);
	utf16_of(name, b + EFI_FILE_INFO_SIZE);
	*size = need;
	return EFI_SUCCESS;
}

struct dir_pick {
	uint64_t want, seen;
	struct efi_volume *v;
	uint32_t size;
	bool is_dir;
};

static int pick_entry(void *arg, const char *name, uint32_t size, bool is_dir)
{
	struct dir_pick *d = arg;
	size_t n;

	if (d->seen++ != d->want)
		return 0;
	n = MIN(strlen(name), sizeof(d->v->name) - 1);
	memcpy(d->v->name, name, n);
	d->v->name[n] = 0;
	d->size = size;
	d->is_dir = is_dir;
	return 1;
}

static efi_status read_dir(struct efi_volume *v, struct efi_file *f, size_t *size, void *buf)
{
	struct dir_pick d = { f->pos, 0, v, 0, false };
	efi_status st;
	int ret;

	/* Listed again from the start for each entry: directories on an ESP
	 * are short, and lib/fs keeps no place inside a directory. */
	ret = fs_list(v->fs, f->path[0] ? f->path : "/", pick_entry, &d);
	if (ret < 0)
		return from_errno(ret);
	if (!ret) {
		*size = 0;
		return EFI_SUCCESS;
	}
	st = file_info(v, v->name, d.size, d.is_dir, size, buf);
	if (!st)
		f->pos++;
	return st;
}

efi_status efi_file_read(struct efi_volume *v, struct efi_file *f, size_t *size, void *buf)
{
	size_t got;
	int ret;

	if (!v || !handle_ok(v, f) || !size || (*size && !buf))
		return EFI_INVALID_PARAMETER;
	if (f->is_dir)
		return read_dir(v, f, size, buf);
	if (f->pos > f->f.size) {
		*size = 0;
		return EFI_DEVICE_ERROR;
	}
	ret = fs_read_at(v->fs, &f->f, f->pos, buf, *size, &got);
	if (ret) {
		*size = 0;
		return from_errno(ret);
	}
	f->pos += got;
	*size = got;
	return EFI_SUCCESS;
}

efi_status efi_file_write(struct efi_volume *v, struct efi_file *f, size_t *size,
			  const void *buf)
{
	(void)buf;
	if (!v || !handle_ok(v, f) || !size)
		return EFI_INVALID_PARAMETER;
	*size = 0;
	return EFI_ACCESS_DENIED;
}

efi_status efi_file_get_position(struct efi_volume *v, struct efi_file *f, uint64_t *pos)
{
	if (!v || !handle_ok(v, f) || !pos)
		return EFI_INVALID_PARAMETER;
	if (f->is_dir)
		return EFI_UNSUPPORTED;
	*pos = f->pos;
	return EFI_SUCCESS;
}

efi_status efi_file_set_position(struct efi_volume *v, struct efi_file *f, uint64_t pos)
{
	if (!v || !handle_ok(v, f))
		return EFI_INVALID_PARAMETER;
	if (f->is_dir) {
		if (pos)
			return EFI_UNSUPPORTED;
		f->pos = 0;
		return EFI_SUCCESS;
	}
	f->pos = pos == EFI_FILE_POS_END ? f->f.size : pos;
	return EFI_SUCCESS;
}

/* The volume label as UTF-8 into v->name: FAT's without its blank
 * padding, ext's volume name. */
static efi_status volume_label(struct efi_volume *v)
{
	char uuid[37], label[17];
	size_t n;
	int ret = fs_volume_id(v->fs, v->sector, uuid, label);

	if (ret)
		return from_errno(ret);
	label[16] = 0;
	n = strlen(label);
	while (n && label[n - 1] == ' ')
		n--;
	memcpy(v->name, label, n);
	v->name[n] = 0;
	return EFI_SUCCESS;
}

efi_status efi_file_get_info(struct efi_volume *v, struct efi_file *f, const uint8_t type[16],
			     size_t *size, void *buf)
{
	size_t need;
	efi_status st;
	uint8_t *b = buf;

	if (!v || !handle_ok(v, f) || !type || !size)
		return EFI_INVALID_PARAMETER;
	if (!memcmp(type, efi_file_info_guid, 16)) {
		const char *slash = strrchr(f->path, '/');

		return file_info(v, slash ? slash + 1 : f->path, f->f.size, f->is_dir, size, buf);
	}
	if (memcmp(type, efi_fs_info_guid, 16) && memcmp(type, efi_fs_label_guid, 16))
		return EFI_UNSUPPORTED;
	st = volume_label(v);
	if (st)
		return st;
	if (!memcmp(type, efi_fs_label_guid, 16)) {
		need = 2 * utf16_of(v->name, NULL);
		if (*size < need) {
			*size = need;
			return EFI_BUFFER_TOO_SMALL;
		}
		if (!buf)
			return EFI_INVALID_PARAMETER;
		utf16_of(v->name, b);
		*size = need;
		return EFI_SUCCESS;
	}
	need = EFI_FS_INFO_SIZE + 2 * utf16_of(v->name, NULL);
	if (*size < need) {
		*size = need;
		return EFI_BUFFER_TOO_SMALL;
	}
	if (!buf)
		return EFI_INVALID_PARAMETER;
	memset(b, 0, EFI_FS_INFO_SIZE);
	put64(b, need);
	b[8] = 1;                                               /* ReadOnly */
	put64(b + 16, (uint64_t)fs_units(v->fs) * fs_unit_size(v->fs)); /* VolumeSize */
	/* FreeSpace (24) 0: not counted, and nothing can be written */
	b[32] = (uint8_t)fs_unit_size(v->fs);
	b[33] = (uint8_t)(fs_unit_size(v->fs) >> 8);
	b[34] = (uint8_t)(fs_unit_size(v->fs) >> 16);
	b[35] = (uint8_t)(fs_unit_size(v->fs) >> 24);
	utf16_of(v->name, b + EFI_FS_INFO_SIZE);
	*size = need;
	return EFI_SUCCESS;
}

efi_status efi_file_set_info(struct efi_volume *v, struct efi_file *f, const uint8_t type[16],
			     size_t size, const void *buf)
{
	(void)type;
	(void)size;
	(void)buf;
	if (!v || !handle_ok(v, f))
		return EFI_INVALID_PARAMETER;
	return EFI_WRITE_PROTECTED;
}

efi_status efi_file_flush(struct efi_volume *v, struct efi_file *f)
{
	if (!v || !handle_ok(v, f))
		return EFI_INVALID_PARAMETER;
	return EFI_ACCESS_DENIED;
}
