// SPDX-License-Identifier: GPL-2.0-or-later
/* lib/efi/varstore: SetVariable's cases (write, append, delete, attributes
 * that must match, a full store), GetNextVariableName, the file's bytes
 * against a copy made with Python from U-Boot's documented layout, and
 * every corrupt file refused with the store left as it was. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lib/crc32.h"
#include "lib/efi/varstore.h"
#include "lib/errno.h"

#define NV_BS_RT (EFI_VARIABLE_NON_VOLATILE | EFI_VARIABLE_BOOTSERVICE_ACCESS | \
		  EFI_VARIABLE_RUNTIME_ACCESS)
#define BS EFI_VARIABLE_BOOTSERVICE_ACCESS

/* EFI_GLOBAL_VARIABLE 8be4df61-93ca-11d2-aa0d-00e098032b8c, as stored. */
static const uint8_t global[16] = { 0x61, 0xdf, 0xe4, 0x8b, 0xca, 0x93, 0xd2, 0x11,
				    0xaa, 0x0d, 0x00, 0xe0, 0x98, 0x03, 0x2b, 0x8c };
static const uint8_t vendor[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
static const uint16_t boot_order[] = u"BootOrder";
static const uint16_t boot_next[] = u"BootNext";
static const uint16_t loader_entry[] = u"LoaderEntryDefault";

/* BootOrder = 1 (NV|BS|RT), as a file; written by Python's struct and
 * zlib.crc32 from the layout in U-Boot's include/efi_variable.h. */
static const uint8_t one_var_file[80] = {
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x55, 0x62, 0x45, 0x66, 0x69, 0x56,
	0x61, 0x01, 0x50, 0x00, 0x00, 0x00, 0x8a, 0xf8, 0xea, 0x0f, 0x04, 0x00, 0x00, 0x00,
	0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x61, 0xdf,
	0xe4, 0x8b, 0xca, 0x93, 0xd2, 0x11, 0xaa, 0x0d, 0x00, 0xe0, 0x98, 0x03, 0x2b, 0x8c,
	0x42, 0x00, 0x6f, 0x00, 0x6f, 0x00, 0x74, 0x00, 0x4f, 0x00, 0x72, 0x00, 0x64, 0x00,
	0x65, 0x00, 0x72, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
};

static uint8_t mem[4096];
static struct efi_varstore vs;

static void get_is(const uint8_t *guid, const uint16_t *name, uint32_t want_attr,
		   const void *want, uint32_t want_size)
{
	uint8_t buf[256];
	uint32_t attr = 0, size = sizeof(buf);

	assert_int_equal(efi_vars_get(&vs, guid, name, &attr, buf, &size), 0);
	assert_int_equal(attr, want_attr);
	assert_int_equal(size, want_size);
	assert_memory_equal(buf, want, want_size);
}

static void test_set_get(void **state)
{
	static const uint8_t one[2] = { 1, 0 }, two[4] = { 1, 0, 2, 0 };
	uint8_t buf[8];
	uint32_t size, attr;

	efi_vars_init(&vs, mem, sizeof(mem));
	assert_int_equal(efi_vars_set(&vs, global, boot_order, NV_BS_RT, one, 2), 0);
	get_is(global, boot_order, NV_BS_RT, one, 2);
	/* Too small a buffer: the size needed, nothing copied. */
	size = 1;
	buf[0] = 0xee;
	assert_int_equal(efi_vars_get(&vs, global, boot_order, &attr, buf, &size), -ENOSPC);
	assert_int_equal(size, 2);
	assert_int_equal(buf[0], 0xee);
	/* Same name, other vendor: another variable. */
	size = sizeof(buf);
	assert_int_equal(efi_vars_get(&vs, vendor, boot_order, NULL, buf, &size), -ENOENT);
	/* Rewritten larger, then appended to. */
	assert_int_equal(efi_vars_set(&vs, global, boot_order, NV_BS_RT, two, 4), 0);
	get_is(global, boot_order, NV_BS_RT, two, 4);
	assert_int_equal(efi_vars_set(&vs, global, boot_order,
				      NV_BS_RT | EFI_VARIABLE_APPEND_WRITE, one, 2), 0);
	get_is(global, boot_order, NV_BS_RT, "\1\0\2\0\1\0", 6);
	assert_int_equal(efi_vars_set(&vs, global, boot_order,
				      NV_BS_RT | EFI_VARIABLE_APPEND_WRITE, NULL, 0), 0);
	get_is(global, boot_order, NV_BS_RT, "\1\0\2\0\1\0", 6);
	/* Appending to a variable that is not there makes it. */
	assert_int_equal(efi_vars_set(&vs, vendor, loader_entry, NV_BS_RT | EFI_VARIABLE_APPEND_WRITE,
				      u"a", 4), 0);
	get_is(vendor, loader_entry, NV_BS_RT, u"a", 4);

	/* Refusals leave the variable alone. */
	assert_int_equal(efi_vars_set(&vs, global, boot_order, BS, one, 2), -EINVAL);
	assert_int_equal(efi_vars_set(&vs, global, boot_next,
				      EFI_VARIABLE_NON_VOLATILE | EFI_VARIABLE_RUNTIME_ACCESS, one, 2),
			 -EINVAL);
	assert_int_equal(efi_vars_set(&vs, global, boot_next, NV_BS_RT | 0x100, one, 2), -EINVAL);
	assert_int_equal(efi_vars_set(&vs, global, boot_next,
				      NV_BS_RT | EFI_VARIABLE_TIME_BASED_AUTHENTICATED_WRITE_ACCESS,
				      one, 2), -ENOTSUP);
	assert_int_equal(efi_vars_set(&vs, global, boot_next,
				      NV_BS_RT | EFI_VARIABLE_HARDWARE_ERROR_RECORD, one, 2), -ENOTSUP);
	assert_int_equal(efi_vars_set(&vs, global, u"", NV_BS_RT, one, 2), -EINVAL);
	size = sizeof(buf);
	assert_int_equal(efi_vars_get(&vs, global, u"", NULL, buf, &size), -EINVAL);
	get_is(global, boot_order, NV_BS_RT, "\1\0\2\0\1\0", 6);

	/* Deleted by no data, or by attributes 0; twice is an error. */
	assert_int_equal(efi_vars_set(&vs, global, boot_order, NV_BS_RT, NULL, 0), 0);
	size = sizeof(buf);
	assert_int_equal(efi_vars_get(&vs, global, boot_order, NULL, buf, &size), -ENOENT);
	assert_int_equal(efi_vars_set(&vs, global, boot_order, NV_BS_RT, NULL, 0), -ENOENT);
	assert_int_equal(efi_vars_set(&vs, vendor, loader_entry, 0, one, 2), 0);
	assert_int_equal(vs.len, 0);
}

static void test_name_bounds(void **state)
{
	uint16_t *longname = malloc(2 * (EFI_VAR_NAME_MAX + 1));
	uint32_t size = 4;
	uint8_t buf[4];

	efi_vars_init(&vs, mem, sizeof(mem));
	for (int i = 0; i <= EFI_VAR_NAME_MAX; i++)
		longname[i] = 'x';
	assert_int_equal(efi_vars_set(&vs, vendor, longname, NV_BS_RT, "a", 1), -ENAMETOOLONG);
	assert_int_equal(efi_vars_get(&vs, vendor, longname, NULL, buf, &size), -ENAMETOOLONG);
	longname[EFI_VAR_NAME_MAX - 1] = 0;     /* the longest name the store takes */
	assert_int_equal(efi_vars_set(&vs, vendor, longname, NV_BS_RT, "a", 1), 0);
	assert_int_equal(efi_vars_get(&vs, vendor, longname, NULL, buf, &size), 0);
	free(longname);
}

static void test_full(void **state)
{
	static uint8_t small[128];
	static const uint8_t data[100];
	uint32_t size = 1;
	uint8_t b;

	efi_vars_init(&vs, small, sizeof(small));
	/* 32 + 20 (BootOrder) + 40 = 92, padded to 96; 128 bytes of room. */
	assert_int_equal(efi_vars_set(&vs, global, boot_order, NV_BS_RT, data, 40), 0);
	assert_int_equal(vs.len, 96);
	assert_int_equal(efi_vars_set(&vs, global, boot_next, NV_BS_RT, data, 8), -ENOSPC);
	assert_int_equal(efi_vars_set(&vs, global, boot_order,
				      NV_BS_RT | EFI_VARIABLE_APPEND_WRITE, data, 4), -ENOSPC);
	/* A rewrite may use the room of the value it replaces. */
	assert_int_equal(efi_vars_set(&vs, global, boot_order, NV_BS_RT, data, 76), 0);
	assert_int_equal(vs.len, 128);
	assert_int_equal(efi_vars_set(&vs, global, boot_order, NV_BS_RT, data, 77), -ENOSPC);
	size = 1;
	assert_int_equal(efi_vars_get(&vs, global, boot_order, NULL, &b, &size), -ENOSPC);
	assert_int_equal(size, 76);
}

static void test_next(void **state)
{
	uint16_t name[32];
	uint8_t guid[16];
	uint32_t ns;
	int seen = 0;

	efi_vars_init(&vs, mem, sizeof(mem));
	assert_int_equal(efi_vars_set(&vs, global, boot_order, NV_BS_RT, "\0\0", 2), 0);
	assert_int_equal(efi_vars_set(&vs, global, boot_next, NV_BS_RT, "\0\0", 2), 0);
	assert_int_equal(efi_vars_set(&vs, vendor, loader_entry, BS, "x", 1), 0);
	name[0] = 0;
	for (;;) {
		ns = sizeof(name);
		int err = efi_vars_next(&vs, guid, name, &ns);

		if (err == -ENOENT)
			break;
		assert_int_equal(err, 0);
		assert_int_equal(ns, 2 * (1 + (seen == 0 ? 9 : seen == 1 ? 8 : 18)));
		seen++;
	}
	assert_int_equal(seen, 3);
	assert_memory_equal(guid, vendor, 16);
	assert_memory_equal(name, loader_entry, sizeof(loader_entry));
	/* The name must end within its buffer; the next one must fit. */
	memcpy(name, boot_order, sizeof(boot_order));
	memcpy(guid, global, 16);
	ns = 10;
	assert_int_equal(efi_vars_next(&vs, guid, name, &ns), -EINVAL); /* no NUL in 10 bytes */
	ns = sizeof(boot_order);
	assert_int_equal(efi_vars_next(&vs, guid, name, &ns), 0);
	assert_int_equal(ns, sizeof(boot_next));
	assert_memory_equal(name, boot_next, sizeof(boot_next));
	assert_int_equal(efi_vars_next(&vs, guid, name, &ns), -ENOSPC);
	assert_int_equal(ns, sizeof(loader_entry));
	assert_memory_equal(name, boot_next, sizeof(boot_next));
	memcpy(name, u"Nothing", 16);
	ns = sizeof(name);
	assert_int_equal(efi_vars_next(&vs, guid, name, &ns), -EINVAL);
}

static void test_file_bytes(void **state)
{
	static const uint8_t one[4] = { 1, 0, 0, 0 };
	uint8_t out[256];
	uint32_t len;

	efi_vars_init(&vs, mem, sizeof(mem));
	assert_int_equal(efi_vars_set(&vs, global, boot_order, NV_BS_RT, one, 4), 0);
	/* Volatile variables stay out of the file. */
	assert_int_equal(efi_vars_set(&vs, vendor, boot_next, BS, one, 4), 0);
	assert_int_equal(efi_vars_save(&vs, out, 79, &len), -ENOSPC);
	assert_int_equal(len, 80);
	assert_int_equal(efi_vars_save(&vs, out, sizeof(out), &len), 0);
	assert_int_equal(len, sizeof(one_var_file));
	assert_memory_equal(out, one_var_file, len);

	/* Back in: BootOrder only, the volatile one gone. */
	assert_int_equal(efi_vars_load(&vs, one_var_file, sizeof(one_var_file), NULL), 0);
	get_is(global, boot_order, NV_BS_RT, one, 4);
	assert_int_equal(vs.len, 56);
}

/* A file of entries given as (attr, guid, name, data): header and CRC
 * made here. */
static size_t mkfile(uint8_t *f, int n, const uint32_t *attr, const uint16_t *const *names,
		     const uint32_t *dlen)
{
	size_t pos = 24;

	memset(f, 0, 1024);
	for (int i = 0; i < n; i++) {
		size_t nl = 0;

		while (names[i][nl++])
			;
		f[pos] = (uint8_t)dlen[i];
		f[pos + 4] = (uint8_t)attr[i];
		memcpy(f + pos + 16, vendor, 16);
		memcpy(f + pos + 32, names[i], 2 * nl);
		memset(f + pos + 32 + 2 * nl, 'a' + i, dlen[i]);
		pos = (pos + 32 + 2 * nl + dlen[i] + 7) & ~7u;
	}
	memcpy(f + 8, "UbEfiVa\1", 8);
	f[16] = (uint8_t)pos;
	f[17] = (uint8_t)(pos >> 8);
	uint32_t c = crc32(0, f + 24, pos - 24);
	memcpy(f + 20, &c, 4);
	return pos;
}

static void recrc(uint8_t *f)
{
	uint32_t len = f[16] | f[17] << 8, c = crc32(0, f + 24, len - 24);

	memcpy(f + 20, &c, 4);
}

static void test_load_skips(void **state)
{
	static const uint16_t *const names[] = { u"A", u"B", u"C", u"A", u"D", u"E" };
	static const uint32_t attr[] = { 7, 6, 7, 7, 0x27, 3 }, dlen[] = { 3, 3, 0, 5, 3, 1 };
	uint8_t f[1024], d[8];
	size_t len = mkfile(f, 6, attr, names, dlen);
	uint32_t size = sizeof(d);

	efi_vars_init(&vs, mem, sizeof(mem));
	assert_int_equal(efi_vars_load(&vs, f, len, NULL), 0);
	/* A (the first), E; not B (volatile), C (empty), the second A, D (authenticated). */
	get_is(vendor, u"A", 7, "aaa", 3);
	get_is(vendor, u"E", 3, "f", 1);
	assert_int_equal(efi_vars_get(&vs, vendor, u"B", NULL, d, &size), -ENOENT);
	assert_int_equal(efi_vars_get(&vs, vendor, u"C", NULL, d, &size), -ENOENT);
	assert_int_equal(efi_vars_get(&vs, vendor, u"D", NULL, d, &size), -ENOENT);
	/* Without the padding of the last entry, as a careless writer leaves it. */
	f[16] -= 3;
	recrc(f);
	assert_int_equal(efi_vars_load(&vs, f, len - 3, NULL), 0);
	get_is(vendor, u"E", 3, "f", 1);
}

static void test_load_bad(void **state)
{
	static const uint16_t *const names[] = { u"Ab", u"Cd" };
	static const uint32_t attr[] = { 7, 7 }, dlen[] = { 4, 9 };
	static const struct {
		const char *what;
		size_t at;
		uint8_t val;
		int fix_crc, err;
		const char *why;
	} bad[] = {
		{ "reserved", 0, 1, 0, -EBADMSG, "magic" },
		{ "magic", 8, 'u', 0, -EBADMSG, "magic" },
		{ "version", 15, 2, 0, -EBADMSG, "magic" },
		{ "length past file", 16, 0x80, 0, -EBADMSG, "length" },
		{ "length short", 16, 8, 0, -EBADMSG, "length" },
		{ "length huge", 19, 0x80, 0, -EBADMSG, "length" },
		{ "crc", 20, 0, 0, -EBADMSG, "CRC32" },
		{ "data", 60, 'z', 0, -EBADMSG, "CRC32" },
		{ "data length", 24, 200, 1, -EBADMSG, "data outside" },
		{ "data length huge", 27, 0xff, 1, -EBADMSG, "data outside" },
		{ "empty name", 24 + 32, 0, 1, -EBADMSG, "empty name" },
		{ "last name no NUL", 72 + 32 + 4, 'x', 1, -EBADMSG, "NUL" },
		{ "entry cut", 16, 64 + 20, 1, -EBADMSG, "header outside" },
	};
	uint8_t f[1024];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		size_t len = mkfile(f, 2, attr, names, dlen);
		const char *why = "";
		int err;

		assert_int_equal(len, 120);
		efi_vars_init(&vs, mem, sizeof(mem));
		assert_int_equal(efi_vars_set(&vs, global, boot_order, NV_BS_RT, "keep", 4), 0);
		f[bad[i].at] = bad[i].val;
		if (bad[i].fix_crc)
			recrc(f);
		err = efi_vars_load(&vs, f, len, &why);
		if (err != bad[i].err || !strstr(why, bad[i].why))
			fail_msg("%s: got %d \"%s\", want %d \"%s\"", bad[i].what, err, why,
				 bad[i].err, bad[i].why);
		/* The store as it was. */
		get_is(global, boot_order, NV_BS_RT, "keep", 4);
	}

	/* Every prefix of a good file is refused (its length says more). */
	size_t len = mkfile(f, 2, attr, names, dlen);
	for (size_t n = 0; n < len; n++) {
		const char *why = NULL;

		efi_vars_init(&vs, mem, sizeof(mem));
		assert_int_equal(efi_vars_load(&vs, f, n, &why), -EBADMSG);
		assert_non_null(why);
	}
	/* More than the store holds. */
	static uint8_t tiny[64];
	const char *why = "";
	efi_vars_init(&vs, tiny, sizeof(tiny));
	assert_int_equal(efi_vars_load(&vs, f, len, &why), -ENOSPC);
	assert_int_equal(vs.len, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_set_get),
		cmocka_unit_test(test_name_bounds),
		cmocka_unit_test(test_full),
		cmocka_unit_test(test_next),
		cmocka_unit_test(test_file_bytes),
		cmocka_unit_test(test_load_skips),
		cmocka_unit_test(test_load_bad),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
