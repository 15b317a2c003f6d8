// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/efi/devpath.c: the device paths built for the SD
 * card, its partitions and files (bytes as UEFI 2.10 10.3 lays them out),
 * their text (10.6), the common node types, generic forms, and bad
 * lengths and short output buffers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/efi/devpath.h"

static char txt[1024];

static const char *text(const void *dp, size_t max)
{
	int n = efi_dp_to_text(dp, max, txt, sizeof(txt));

	assert_true(n >= 0);
	assert_int_equal((size_t)n, strlen(txt));
	return txt;
}

static void test_sd_card(void **state)
{
	uint8_t buf[128];
	size_t n;

	(void)state;
	n = efi_dp_sd_card(buf, sizeof(buf), 0);
	assert_int_equal(n, 20 + 5 + 4);
	/* VenHw: type 1, subtype 4, length 20, the GUID */
	assert_int_equal(buf[0], 1);
	assert_int_equal(buf[1], 4);
	assert_int_equal(buf[2], 20);
	assert_int_equal(buf[3], 0);
	assert_memory_equal(buf + 4, efi_gtaboot_root_guid, 16);
	/* SD: messaging 0x1A, length 5, the slot */
	assert_memory_equal(buf + 20, "\x03\x1a\x05\x00\x00", 5);
	assert_memory_equal(buf + 25, "\x7f\xff\x04\x00", 4);
	assert_int_equal(efi_dp_size(buf, sizeof(buf)), n);
	assert_string_equal(text(buf, n), "VenHw(c4b3f03a-713d-4f47-87e2-025a3ce66876)/SD(0)");
	/* no room: 0, nothing past cap written */
	memset(buf, 0xee, sizeof(buf));
	assert_int_equal(efi_dp_sd_card(buf, 28, 0), 0);
	assert_int_equal(buf[28], 0xee);
}

static void test_partition(void **state)
{
	uint8_t buf[128];
	size_t n;

	(void)state;
	n = efi_dp_sd_partition(buf, sizeof(buf), 1, 1, 2048, 204800, 0x1234abcd);
	assert_int_equal(n, 20 + 5 + 42 + 4);
	/* HD: media 1, length 42, number, start, size, signature, MBR, type 1 */
	assert_memory_equal(buf + 25, "\x04\x01\x2a\x00\x01\x00\x00\x00", 8);
	assert_memory_equal(buf + 33, "\x00\x08\x00\x00\x00\x00\x00\x00", 8);
	assert_memory_equal(buf + 41, "\x00\x20\x03\x00\x00\x00\x00\x00", 8);
	assert_memory_equal(buf + 49, "\xcd\xab\x34\x12", 4);
	assert_int_equal(buf[65], 1);
	assert_int_equal(buf[66], 1);
	/* U-Boot's form of it */
	assert_string_equal(text(buf, n), "VenHw(c4b3f03a-713d-4f47-87e2-025a3ce66876)/SD(1)/"
					  "HD(1,MBR,0x1234abcd,0x800,0x32000)");
}

static void test_gpt_and_file(void **state)
{
	static const uint8_t g[16] = { 0x28, 0x73, 0x2a, 0xc1, 0x1f, 0xf8, 0xd2, 0x11,
				       0xba, 0x4b, 0x00, 0xa0, 0xc9, 0x3e, 0xc9, 0x3b };
	struct efi_dp_builder b;
	uint8_t buf[256];
	size_t n;

	(void)state;
	efi_dp_init(&b, buf, sizeof(buf));
	efi_dp_sd(&b, 2, true);
	efi_dp_hd_gpt(&b, 3, 34, 1000, g);
	efi_dp_file(&b, "/EFI/BOOT/bootarm.efi");
	n = efi_dp_end(&b);
	assert_int_equal(n, 5 + 42 + 4 + 2 * 22 + 4);
	/* File Path: media 4, UTF-16 with '\' and the NUL */
	assert_memory_equal(buf + 47, "\x04\x04\x30\x00\x5c\x00\x45\x00", 8);
	assert_memory_equal(buf + 47 + 4 + 42, "\x00\x00", 2);
	assert_string_equal(text(buf, n), "eMMC(2)/HD(3,GPT,c12a7328-f81f-11d2-ba4b-00a0c93ec93b,"
					  "0x22,0x3e8)/\\EFI\\BOOT\\bootarm.efi");
	/* non-ASCII, above U+FFFF, and a broken sequence */
	efi_dp_init(&b, buf, sizeof(buf));
	efi_dp_file(&b, "a\xc3\xa9\xf0\x9f\x98\x80z\xe2\x82");
	n = efi_dp_end(&b);
	assert_int_equal(n, 4 + 2 * 7 + 4);
	/* U+1F600 as the pair d83d de00 */
	assert_int_equal(buf[4 + 2 * 2], 0x3d);
	assert_int_equal(buf[4 + 2 * 2 + 1], 0xd8);
	assert_int_equal(buf[4 + 2 * 3], 0x00);
	assert_int_equal(buf[4 + 2 * 3 + 1], 0xde);
	assert_string_equal(text(buf, n), "a\xc3\xa9\xf0\x9f\x98\x80z\xef\xbf\xbd");
	/* a node that does not fit is left out, and the path refused */
	efi_dp_init(&b, buf, 30);
	efi_dp_file(&b, "/a/very/long/name/that/does/not/fit");
	assert_int_equal(efi_dp_end(&b), 0);
	assert_true(b.overflow);
}

/* One node's text from raw bytes. */
static const char *node(const char *bytes, size_t len)
{
	int n = efi_dp_node_to_text(bytes, len, txt, sizeof(txt));

	assert_true(n >= 0);
	return txt;
}

static void test_common_nodes(void **state)
{
	(void)state;
	assert_string_equal(node("\x01\x01\x06\x00\x02\x1f", 6), "Pci(0x1f,0x2)");
	assert_string_equal(node("\x01\x03\x18\x00\x0b\x00\x00\x00"
				 "\x00\x00\x00\x80\x00\x00\x00\x00"
				 "\xff\xff\x00\x80\x00\x00\x00\x00", 24),
			    "MemoryMapped(0xb,0x80000000,0x8000ffff)");
	assert_string_equal(node("\x01\x05\x08\x00\x03\x00\x00\x00", 8), "Ctrl(0x3)");
	assert_string_equal(node("\x02\x01\x0c\x00\xd0\x41\x03\x0a\x00\x00\x00\x00", 12),
			    "PciRoot(0x0)");
	assert_string_equal(node("\x02\x01\x0c\x00\xd0\x41\x01\x05\x01\x00\x00\x00", 12),
			    "Acpi(PNP0501,0x1)");
	assert_string_equal(node("\x03\x05\x06\x00\x01\x00", 6), "USB(0x1,0x0)");
	assert_string_equal(node("\x03\x0e\x13\x00\x00\x00\x00\x00\x00\xc2\x01\x00\x00\x00"
				 "\x00\x00\x08\x01\x01", 19), "Uart(115200,8,N,1)");
	assert_string_equal(node("\x03\x0b\x25\x00\x00\x11\x22\x33\x44\x55" "\0\0\0\0\0\0\0\0"
				 "\0\0\0\0\0\0\0\0" "\0\0\0\0\0\0\0\0" "\0\0\x01", 37),
			    "MAC(001122334455,0x1)");
	assert_string_equal(node("\x04\x02\x18\x00\x01\x00\x00\x00" "\x10\0\0\0\0\0\0\0"
				 "\x20\0\0\0\0\0\0\0", 24), "CDROM(0x1,0x10,0x20)");
	assert_string_equal(node("\x04\x03\x16\x00" "\x01\x02\x03\x04\x05\x06\x07\x08"
				 "\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10" "\xab\xcd", 22),
			    "VenMedia(04030201-0605-0807-090a-0b0c0d0e0f10,abcd)");
	assert_string_equal(node("\x04\x08\x18\x00\0\0\0\0" "\x10\0\0\0\0\0\0\0"
				 "\x20\0\0\0\0\0\0\0", 24), "Offset(0x10,0x20)");
	assert_string_equal(node("\x7f\x01\x04\x00", 4), ",");
	assert_string_equal(node("\x7f\xff\x04\x00", 4), "");
	/* HD with no signature */
	assert_string_equal(node("\x04\x01\x2a\x00\x02\0\0\0" "\x01\0\0\0\0\0\0\0"
				 "\x02\0\0\0\0\0\0\0" "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0" "\x01\x00",
				 42), "HD(2,0,0,0x1,0x2)");
}

static void test_generic_and_bad(void **state)
{
	uint8_t p[64];

	(void)state;
	/* unknown subtypes and types; a known type of the wrong length */
	assert_string_equal(node("\x01\x7e\x06\x00\xab\xcd", 6), "HardwarePath(126,abcd)");
	assert_string_equal(node("\x03\x99\x04\x00", 4), "Msg(153)");
	assert_string_equal(node("\x04\x01\x06\x00\x01\x02", 6), "MediaPath(1,0102)");
	assert_string_equal(node("\x05\x01\x05\x00\x01", 5), "BbsPath(1,01)");
	assert_string_equal(node("\x42\x07\x05\x00\xff", 5), "Path(66,7,ff)");
	assert_string_equal(node("\x03\x1a\x06\x00\x00\x00", 6), "Msg(26,0000)");
	/* lengths under 4 or past what may be read */
	assert_int_equal(efi_dp_node_to_text("\x01\x01\x03\x00", 4, txt, sizeof(txt)), -1);
	assert_int_equal(efi_dp_node_to_text("\x01\x01\x06\x00\x00", 5, txt, sizeof(txt)), -1);
	assert_int_equal(efi_dp_node_to_text("\x01\x01", 2, txt, sizeof(txt)), -1);
	assert_int_equal(efi_dp_node_to_text(NULL, 8, txt, sizeof(txt)), -1);
	/* a path without End, or with a node running past it */
	memcpy(p, "\x03\x1a\x05\x00\x00", 5);
	assert_int_equal(efi_dp_to_text(p, 5, txt, sizeof(txt)), -1);
	memcpy(p + 5, "\x7f\xff\x08\x00", 4);
	assert_int_equal(efi_dp_to_text(p, 9, txt, sizeof(txt)), -1);
	assert_int_equal(efi_dp_size(p, 9), 0);
	/* two instances */
	memcpy(p + 5, "\x7f\x01\x04\x00\x03\x1a\x05\x00\x01\x7f\xff\x04\x00", 13);
	assert_int_equal(efi_dp_size(p, 18), 18);
	assert_string_equal(text(p, 18), "SD(0),SD(1)");
	/* output cut short: the length needed told, NUL in place */
	memset(txt, 'x', sizeof(txt));
	assert_int_equal(efi_dp_to_text(p, 18, txt, 4), 11);
	assert_string_equal(txt, "SD(");
	assert_int_equal(txt[4], 'x');
	assert_int_equal(efi_dp_to_text(p, 18, NULL, 0), 11);
	/* just End */
	assert_string_equal(text("\x7f\xff\x04\x00", 4), "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sd_card),
		cmocka_unit_test(test_partition),
		cmocka_unit_test(test_gpt_and_file),
		cmocka_unit_test(test_common_nodes),
		cmocka_unit_test(test_generic_and_bad),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
