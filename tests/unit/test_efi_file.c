// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/efi/file.c (EFI_FILE_PROTOCOL over lib/fs) on an ESP
 * made with mkfs.vfat and mtools and an ext4 image made with mke2fs -d:
 * Open by absolute and relative UTF-16 paths, chunked reads, positions,
 * directory reads with EFI_BUFFER_TOO_SMALL, the three GetInfo types,
 * read-only refusals, bounded handles and names. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/bitops.h"
#include "lib/efi/file.h"

static char dir[PATH_MAX + 64];
static uint8_t work[FS_WORK_SIZE];

static int build_images(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "%s", scratch_dir("efifile"));
	return sh("set -e; cd '%s'; rm -rf tree esp.img ext.img; export MTOOLS_SKIP_CHECK=1 LC_ALL=C.UTF-8;"
		  "mkdir -p tree/EFI/BOOT tree/loader/entries tree/empty;"
		  "/usr/bin/python3 -c \"import random; open('tree/EFI/BOOT/BOOTARM.EFI','wb')"
		  ".write(random.Random(7).randbytes(300001))\";"
		  "printf 'title Debian\\nlinux /vmlinuz\\n' > tree/loader/entries/debian.conf;"
		  "printf 'title Rescue\\n' > 'tree/loader/entries/rescue with a long name.conf';"
		  "printf 'timeout 3\\n' > tree/loader/loader.conf;"
		  "printf 'x' > 'tree/unicodé long.txt';"
		  "truncate -s 16M esp.img; mkfs.vfat -F 16 -s 4 -n ESPLABEL esp.img >/dev/null;"
		  "mcopy -s -i esp.img tree/EFI tree/loader tree/empty 'tree/unicodé long.txt' ::/;"
		  "ln -s EFI/BOOT/BOOTARM.EFI tree/link;"
		  "truncate -s 8M ext.img; PATH=$PATH:/sbin:/usr/sbin "
		  "mke2fs -q -F -t ext4 -b 1024 -L EXTLABEL -d tree ext.img", dir) ? -1 : 0;
}

struct opened {
	struct test_bd disk;
	struct fs fs;
	struct efi_volume vol;
	struct efi_file *root;
};

static struct opened o;

static void open_image(const char *name)
{
	char path[PATH_MAX + 128];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(test_bd_file(&o.disk, path), 0);
	assert_int_equal(fs_mount(&o.fs, &o.disk.bd, work, sizeof(work), NULL), 0);
	efi_volume_init(&o.vol, &o.fs);
	assert_int_equal(efi_open_volume(&o.vol, &o.root), EFI_SUCCESS);
}

static void close_image(void)
{
	fclose(o.disk.file);
}

/* ASCII to UTF-16 in a static buffer (two at a time). */
static const uint16_t *u(const char *s)
{
	static uint16_t buf[2][1200];
	static int which;
	uint16_t *b = buf[which ^= 1];
	size_t i;

	for (i = 0; s[i] && i < 1199; i++)
		b[i] = (uint8_t)s[i];
	b[i] = 0;
	return b;
}

static struct efi_file *must_open(struct efi_file *from, const char *name)
{
	struct efi_file *f = NULL;

	assert_int_equal(efi_file_open(&o.vol, from, &f, u(name), EFI_FILE_MODE_READ, 0),
			 EFI_SUCCESS);
	assert_non_null(f);
	return f;
}

static efi_status try_open(struct efi_file *from, const char *name)
{
	struct efi_file *f = NULL;
	efi_status st = efi_file_open(&o.vol, from, &f, u(name), EFI_FILE_MODE_READ, 0);

	if (!st)
		efi_file_close(&o.vol, f);
	return st;
}

static void test_read_chunks(void **state)
{
	static uint8_t buf[400000];
	struct efi_file *f;
	size_t len, off = 0, n;
	uint64_t pos;
	uint8_t *want;
	char path[PATH_MAX + 128];

	(void)state;
	snprintf(path, sizeof(path), "%s/tree/EFI/BOOT/BOOTARM.EFI", dir);
	want = slurp(path, &len);
	for (int img = 0; img < 2; img++) {
		open_image(img ? "ext.img" : "esp.img");
		f = must_open(o.root, "\\EFI\\BOOT\\BOOTARM.EFI");
		memset(buf, 0xa5, sizeof(buf));
		off = 0;
		do {
			n = 4093;
			assert_int_equal(efi_file_read(&o.vol, f, &n, buf + off), EFI_SUCCESS);
			off += n;
			assert_int_equal(efi_file_get_position(&o.vol, f, &pos), EFI_SUCCESS);
			assert_int_equal(pos, off);
		} while (n);
		assert_int_equal(off, len);
		assert_memory_equal(buf, want, len);
		assert_int_equal(buf[len], 0xa5);
		/* at the end: 0 bytes; past it: EFI_DEVICE_ERROR */
		n = 10;
		assert_int_equal(efi_file_read(&o.vol, f, &n, buf), EFI_SUCCESS);
		assert_int_equal(n, 0);
		assert_int_equal(efi_file_set_position(&o.vol, f, len + 1), EFI_SUCCESS);
		n = 10;
		assert_int_equal(efi_file_read(&o.vol, f, &n, buf), EFI_DEVICE_ERROR);
		assert_int_equal(n, 0);
		/* the end, then back */
		assert_int_equal(efi_file_set_position(&o.vol, f, EFI_FILE_POS_END), EFI_SUCCESS);
		assert_int_equal(efi_file_get_position(&o.vol, f, &pos), EFI_SUCCESS);
		assert_int_equal(pos, len);
		assert_int_equal(efi_file_set_position(&o.vol, f, 12345), EFI_SUCCESS);
		n = 3;
		buf[3] = 0x11;
		assert_int_equal(efi_file_read(&o.vol, f, &n, buf), EFI_SUCCESS);
		assert_int_equal(n, 3);
		assert_memory_equal(buf, want + 12345, 3);
		assert_int_equal(buf[3], 0x11);
		/* NULL buffer with a size */
		n = 3;
		assert_int_equal(efi_file_read(&o.vol, f, &n, NULL), EFI_INVALID_PARAMETER);
		assert_int_equal(efi_file_read(&o.vol, f, NULL, buf), EFI_INVALID_PARAMETER);
		close_image();
	}
	free(want);
}

static void test_paths(void **state)
{
	struct efi_file *efi, *boot, *f;
	uint8_t info[200];
	size_t n;

	(void)state;
	open_image("esp.img");
	/* FAT: case does not matter */
	assert_int_equal(try_open(o.root, "\\efi\\boot\\bootarm.efi"), EFI_SUCCESS);
	assert_int_equal(try_open(o.root, "EFI/BOOT/BOOTARM.EFI"), EFI_SUCCESS);
	assert_int_equal(try_open(o.root, "\\\\EFI\\\\BOOT\\BOOTARM.EFI"), EFI_SUCCESS);
	efi = must_open(o.root, "EFI");
	boot = must_open(efi, "BOOT");
	assert_int_equal(try_open(efi, "BOOT\\..\\BOOT\\.\\BOOTARM.EFI"), EFI_SUCCESS);
	assert_int_equal(try_open(boot, "BOOTARM.EFI"), EFI_SUCCESS);
	assert_int_equal(try_open(boot, "..\\..\\loader\\loader.conf"), EFI_SUCCESS);
	assert_int_equal(try_open(boot, "\\loader\\loader.conf"), EFI_SUCCESS);
	assert_int_equal(try_open(boot, "loader.conf"), EFI_NOT_FOUND);
	/* ".." at the root stays there */
	assert_int_equal(try_open(o.root, "..\\..\\EFI"), EFI_SUCCESS);
	/* "" opens the same again; "\" the root */
	f = must_open(boot, "");
	n = sizeof(info);
	assert_int_equal(efi_file_get_info(&o.vol, f, efi_file_info_guid, &n, info), EFI_SUCCESS);
	assert_int_equal(get_le32(info + 72), EFI_FILE_DIRECTORY);
	assert_int_equal(get_le16(info + 80), 'B');
	efi_file_close(&o.vol, f);
	f = must_open(boot, "\\");
	n = sizeof(info);
	assert_int_equal(efi_file_get_info(&o.vol, f, efi_file_info_guid, &n, info), EFI_SUCCESS);
	assert_int_equal(n, EFI_FILE_INFO_SIZE + 2);
	efi_file_close(&o.vol, f);
	/* a file is no directory */
	assert_int_equal(try_open(o.root, "\\loader\\loader.conf\\x"), EFI_NOT_FOUND);
	f = must_open(o.root, "\\loader\\loader.conf");
	assert_int_equal(try_open(f, "x"), EFI_NOT_FOUND);
	efi_file_close(&o.vol, f);
	assert_int_equal(try_open(o.root, "\\nope"), EFI_NOT_FOUND);
	/* a name in UTF-16 beyond ASCII */
	{
		static const uint16_t name[] = { 'u', 'n', 'i', 'c', 'o', 'd', 0xe9, ' ', 'l', 'o',
						 'n', 'g', '.', 't', 'x', 't', 0 };
		assert_int_equal(efi_file_open(&o.vol, o.root, &f, name, EFI_FILE_MODE_READ, 0),
				 EFI_SUCCESS);
		efi_file_close(&o.vol, f);
	}
	efi_file_close(&o.vol, boot);
	efi_file_close(&o.vol, efi);
	close_image();
}

static void test_bad_names_and_modes(void **state)
{
	static uint16_t name[EFI_FILE_NAME_UNITS + 10];
	struct efi_file *f = NULL, fake;
	char longp[700];
	size_t n = 10;
	uint8_t b[10];

	(void)state;
	open_image("esp.img");
	/* write modes: the medium is write-protected */
	assert_int_equal(efi_file_open(&o.vol, o.root, &f, u("\\loader\\loader.conf"),
				       EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE, 0),
			 EFI_WRITE_PROTECTED);
	assert_int_equal(efi_file_open(&o.vol, o.root, &f, u("\\new.txt"),
				       EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE |
				       EFI_FILE_MODE_CREATE, 0),
			 EFI_WRITE_PROTECTED);
	assert_int_equal(efi_file_open(&o.vol, o.root, &f, u("x"), 0, 0), EFI_INVALID_PARAMETER);
	assert_int_equal(efi_file_open(&o.vol, o.root, &f, u("x"), EFI_FILE_MODE_WRITE, 0),
			 EFI_INVALID_PARAMETER);
	assert_int_equal(efi_file_open(&o.vol, o.root, &f, u("x"),
				       EFI_FILE_MODE_READ | EFI_FILE_MODE_CREATE, 0),
			 EFI_INVALID_PARAMETER);
	assert_int_equal(efi_file_open(&o.vol, o.root, &f, NULL, EFI_FILE_MODE_READ, 0),
			 EFI_INVALID_PARAMETER);
	assert_int_equal(efi_file_open(&o.vol, o.root, NULL, u("x"), EFI_FILE_MODE_READ, 0),
			 EFI_INVALID_PARAMETER);
	/* a path longer than EFI_FILE_PATH_MAX */
	memset(longp, 'a', sizeof(longp) - 1);
	longp[sizeof(longp) - 1] = 0;
	for (size_t i = 100; i < sizeof(longp); i += 100)
		longp[i] = '\\';
	assert_int_equal(try_open(o.root, longp), EFI_OUT_OF_RESOURCES);
	/* a name without its NUL within EFI_FILE_NAME_UNITS */
	for (size_t i = 0; i < ARRAY_SIZE(name); i++)
		name[i] = i % 2 ? '.' : '\\';
	assert_int_equal(efi_file_open(&o.vol, o.root, &f, name, EFI_FILE_MODE_READ, 0),
			 EFI_INVALID_PARAMETER);
	/* unpaired surrogates */
	name[0] = 0xd800;
	name[1] = 'a';
	name[2] = 0;
	assert_int_equal(efi_file_open(&o.vol, o.root, &f, name, EFI_FILE_MODE_READ, 0),
			 EFI_INVALID_PARAMETER);
	name[0] = 0xdc00;
	assert_int_equal(efi_file_open(&o.vol, o.root, &f, name, EFI_FILE_MODE_READ, 0),
			 EFI_INVALID_PARAMETER);
	/* a paired one that names nothing */
	name[0] = 0xd83d;
	name[1] = 0xde00;
	assert_int_equal(efi_file_open(&o.vol, o.root, &f, name, EFI_FILE_MODE_READ, 0),
			 EFI_NOT_FOUND);
	/* handles that are not the volume's, or closed */
	memset(&fake, 0, sizeof(fake));
	fake.used = true;
	assert_int_equal(efi_file_read(&o.vol, &fake, &n, b), EFI_INVALID_PARAMETER);
	assert_int_equal(efi_file_close(&o.vol, &fake), EFI_INVALID_PARAMETER);
	assert_int_equal(efi_file_read(&o.vol, (struct efi_file *)((uint8_t *)o.root + 1), &n, b),
			 EFI_INVALID_PARAMETER);
	f = must_open(o.root, "\\loader\\loader.conf");
	assert_int_equal(efi_file_close(&o.vol, f), EFI_SUCCESS);
	assert_int_equal(efi_file_close(&o.vol, f), EFI_INVALID_PARAMETER);
	assert_int_equal(efi_file_read(&o.vol, f, &n, b), EFI_INVALID_PARAMETER);
	assert_int_equal(efi_file_open(&o.vol, f, &f, u("x"), EFI_FILE_MODE_READ, 0),
			 EFI_INVALID_PARAMETER);
	/* read-only refusals */
	f = must_open(o.root, "\\loader\\loader.conf");
	n = 1;
	assert_int_equal(efi_file_write(&o.vol, f, &n, "x"), EFI_ACCESS_DENIED);
	assert_int_equal(n, 0);
	assert_int_equal(efi_file_flush(&o.vol, f), EFI_ACCESS_DENIED);
	assert_int_equal(efi_file_set_info(&o.vol, f, efi_file_info_guid, 0, NULL),
			 EFI_WRITE_PROTECTED);
	assert_int_equal(efi_file_delete(&o.vol, f), EFI_WARN_DELETE_FAILURE);
	assert_int_equal(efi_file_close(&o.vol, f), EFI_INVALID_PARAMETER);
	close_image();
}

static void test_handle_table(void **state)
{
	struct efi_file *h[EFI_FILE_HANDLES], *f;
	int i;

	(void)state;
	open_image("esp.img");
	/* the root is one already */
	for (i = 0; i < EFI_FILE_HANDLES - 1; i++)
		h[i] = must_open(o.root, "\\loader\\loader.conf");
	assert_int_equal(efi_file_open(&o.vol, o.root, &f, u("EFI"), EFI_FILE_MODE_READ, 0),
			 EFI_OUT_OF_RESOURCES);
	assert_int_equal(efi_open_volume(&o.vol, &f), EFI_OUT_OF_RESOURCES);
	efi_file_close(&o.vol, h[7]);
	h[7] = must_open(o.root, "EFI");
	for (i = 0; i < EFI_FILE_HANDLES - 1; i++)
		assert_int_equal(efi_file_close(&o.vol, h[i]), EFI_SUCCESS);
	close_image();
}

/* Reads the directory path's entries; returns their names joined by '|'. */
static void read_dir(const char *path, char *names, size_t cap)
{
	struct efi_file *d = must_open(o.root, path);
	uint8_t buf[600];
	uint64_t pos;
	size_t n, need;

	names[0] = 0;
	for (int k = 0; k < 100; k++) {
		/* too small: told the size, the position kept */
		n = 10;
		memset(buf, 0x5a, sizeof(buf));
		efi_status st = efi_file_read(&o.vol, d, &n, buf);

		if (st == EFI_SUCCESS) {
			assert_int_equal(n, 0);
			break;
		}
		assert_int_equal(st, EFI_BUFFER_TOO_SMALL);
		assert_int_equal(buf[0], 0x5a);
		need = n;
		assert_true(need > EFI_FILE_INFO_SIZE);
		n = need - 1;
		assert_int_equal(efi_file_read(&o.vol, d, &n, buf), EFI_BUFFER_TOO_SMALL);
		assert_int_equal(n, need);
		n = sizeof(buf);
		assert_int_equal(efi_file_read(&o.vol, d, &n, buf), EFI_SUCCESS);
		assert_int_equal(n, need);
		assert_int_equal(get_le32(buf), need);
		assert_int_equal(buf[need], 0x5a);
		assert_int_equal(get_le16(buf + need - 2), 0);
		for (size_t i = EFI_FILE_INFO_SIZE; i + 2 < need; i += 2) {
			size_t l = strlen(names);

			if (l + 2 < cap) {
				names[l] = (char)(get_le16(buf + i) < 128 ? get_le16(buf + i) : '?');
				names[l + 1] = 0;
			}
		}
		if (get_le32(buf + 72) & EFI_FILE_DIRECTORY)
			strncat(names, "/", cap - strlen(names) - 1);
		else if (get_le32(buf + 8))
			snprintf(names + strlen(names), cap - strlen(names), ":%u",
				 (unsigned)get_le32(buf + 8));
		strncat(names, "|", cap - strlen(names) - 1);
	}
	/* positions: only 0 on a directory */
	assert_int_equal(efi_file_get_position(&o.vol, d, &pos), EFI_UNSUPPORTED);
	assert_int_equal(efi_file_set_position(&o.vol, d, 1), EFI_UNSUPPORTED);
	assert_int_equal(efi_file_set_position(&o.vol, d, 0), EFI_SUCCESS);
	n = sizeof(buf);
	assert_int_equal(efi_file_read(&o.vol, d, &n, buf), names[0] ? EFI_SUCCESS : EFI_SUCCESS);
	assert_int_equal(n != 0, names[0] != 0);
	efi_file_close(&o.vol, d);
}

static void test_directories(void **state)
{
	char names[1000];

	(void)state;
	open_image("esp.img");
	read_dir("\\loader\\entries", names, sizeof(names));
	/* in mcopy's order */
	assert_int_equal(strlen(names), strlen("debian.conf:28|rescue with a long name.conf:13|"));
	assert_non_null(strstr(names, "debian.conf:28|"));
	assert_non_null(strstr(names, "rescue with a long name.conf:13|"));
	read_dir("\\", names, sizeof(names));
	assert_string_equal(names, "EFI/|loader/|empty/|unicod? long.txt:1|");
	read_dir("\\empty", names, sizeof(names));
	assert_string_equal(names, "");
	close_image();
	open_image("ext.img");
	read_dir("\\EFI\\BOOT", names, sizeof(names));
	assert_string_equal(names, "BOOTARM.EFI:300001|");
	read_dir("\\empty", names, sizeof(names));
	assert_string_equal(names, "");
	close_image();
}

/* ext4: a symlink opens its target, case matters */
static void test_ext4_links_and_case(void **state)
{
	struct efi_file *f;
	uint8_t info[200];
	size_t n = sizeof(info);

	(void)state;
	open_image("ext.img");
	f = must_open(o.root, "\\link");
	assert_int_equal(efi_file_get_info(&o.vol, f, efi_file_info_guid, &n, info), EFI_SUCCESS);
	assert_int_equal(get_le32(info + 8), 300001);
	assert_int_equal(get_le32(info + 72), 0);
	efi_file_close(&o.vol, f);
	assert_int_equal(try_open(o.root, "\\efi\\boot\\bootarm.efi"), EFI_NOT_FOUND);
	close_image();
}

static void test_info(void **state)
{
	struct efi_file *f;
	uint8_t buf[200];
	size_t n;
	static const uint8_t other[16] = { 1 };

	(void)state;
	open_image("esp.img");
	f = must_open(o.root, "\\efi\\boot\\bootarm.efi");
	n = 0;
	assert_int_equal(efi_file_get_info(&o.vol, f, efi_file_info_guid, &n, NULL),
			 EFI_BUFFER_TOO_SMALL);
	assert_int_equal(n, EFI_FILE_INFO_SIZE + 2 * 12);
	memset(buf, 0x5a, sizeof(buf));
	n = sizeof(buf);
	assert_int_equal(efi_file_get_info(&o.vol, f, efi_file_info_guid, &n, buf), EFI_SUCCESS);
	assert_int_equal(n, EFI_FILE_INFO_SIZE + 24);
	assert_int_equal(get_le32(buf), n);
	assert_int_equal(get_le32(buf + 8), 300001);
	/* whole clusters of 2 KiB */
	assert_int_equal(get_le32(buf + 16), 301056);
	assert_int_equal(get_le32(buf + 72), 0);
	assert_int_equal(get_le16(buf + 80), 'b');  /* the name as it was asked for */
	assert_int_equal(buf[n], 0x5a);
	/* the file system */
	n = 10;
	assert_int_equal(efi_file_get_info(&o.vol, f, efi_fs_info_guid, &n, buf),
			 EFI_BUFFER_TOO_SMALL);
	assert_int_equal(n, EFI_FS_INFO_SIZE + 2 * 9);
	memset(buf, 0x5a, sizeof(buf));
	assert_int_equal(efi_file_get_info(&o.vol, f, efi_fs_info_guid, &n, buf), EFI_SUCCESS);
	assert_int_equal(get_le32(buf), EFI_FS_INFO_SIZE + 18);
	assert_int_equal(buf[8], 1);
	assert_int_equal(get_le32(buf + 32), 2048);
	assert_true(get_le32(buf + 16) > 15u << 20 && get_le32(buf + 16) < 16u << 20);
	assert_int_equal(get_le16(buf + 36), 'E');
	assert_int_equal(get_le16(buf + 36 + 14), 'L');
	assert_int_equal(get_le16(buf + 36 + 16), 0);
	assert_int_equal(buf[n], 0x5a);
	n = 3;
	assert_int_equal(efi_file_get_info(&o.vol, f, efi_fs_label_guid, &n, buf),
			 EFI_BUFFER_TOO_SMALL);
	assert_int_equal(n, 18);
	assert_int_equal(efi_file_get_info(&o.vol, f, efi_fs_label_guid, &n, buf), EFI_SUCCESS);
	assert_int_equal(get_le16(buf), 'E');
	n = sizeof(buf);
	assert_int_equal(efi_file_get_info(&o.vol, f, other, &n, buf), EFI_UNSUPPORTED);
	assert_int_equal(efi_file_get_info(&o.vol, f, other, NULL, buf), EFI_INVALID_PARAMETER);
	efi_file_close(&o.vol, f);
	close_image();

	open_image("ext.img");
	n = sizeof(buf);
	assert_int_equal(efi_file_get_info(&o.vol, o.root, efi_fs_label_guid, &n, buf),
			 EFI_SUCCESS);
	assert_int_equal(n, 18);
	assert_int_equal(get_le16(buf), 'E');
	assert_int_equal(get_le16(buf + 6), 'L');
	n = sizeof(buf);
	assert_int_equal(efi_file_get_info(&o.vol, o.root, efi_fs_info_guid, &n, buf),
			 EFI_SUCCESS);
	assert_int_equal(get_le32(buf + 32), 1024);
	close_image();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_chunks),
		cmocka_unit_test(test_paths),
		cmocka_unit_test(test_bad_names_and_modes),
		cmocka_unit_test(test_handle_table),
		cmocka_unit_test(test_directories),
		cmocka_unit_test(test_info),
		cmocka_unit_test(test_ext4_links_and_case),
	};

	return cmocka_run_group_tests(tests, build_images, NULL);
}
