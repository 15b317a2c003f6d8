/* SPDX-License-Identifier: GPL-2.0-or-later */
/* CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), as used by uImage
 * headers and U-Boot's `crc32` command, and CRC-32C for ext4. */
#ifndef LIB_CRC32_H
#define LIB_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* Continue a CRC over len more bytes: crc32(0, buf, len) is the CRC of buf,
 * and crc32(crc32(0, a, n), b, m) that of a followed by b. */
uint32_t crc32(uint32_t crc, const void *buf, size_t len);

/* The same CRC, about three times faster on large buffers, for the SDRAM
 * image: 4 KiB of tables built at the first call (lib/crc32_bulk.c). */
uint32_t crc32_bulk(uint32_t crc, const void *buf, size_t len);

/* CRC-32C (Castagnoli, reflected, polynomial 0x82F63B78) without the
 * initial and final inversion, as ext4's metadata_csum chains it ("ext4
 * layout", docs/references.md): start from ~0 or a seed. */
uint32_t crc32c(uint32_t crc, const void *buf, size_t len);

#endif
