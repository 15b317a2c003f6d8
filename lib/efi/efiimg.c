// SPDX-License-Identifier: GPL-2.0-or-later
/* The header of efi.img, gtaboot's UEFI image, checked (see efiimg.h). */
#include "lib/efi/efiimg.h"

#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/string.h"

int efi_img_check(const void *file, uint32_t size, uint32_t load, uint32_t mem_max,
		  uint32_t sdram_id, const char **why)
{
	struct efi_img_header h;

	*why = "not a gtaboot EFI image";
	if (size < sizeof(h))
		return -EBADMSG;
	memcpy(&h, file, sizeof(h));
	if (h.magic != EFI_IMG_MAGIC)
		return -EBADMSG;
	*why = "unknown header version";
	if (h.version != EFI_IMG_VERSION)
		return -EBADMSG;
	*why = "length, address or entry out of bounds";
	if (h.load != load || h.length != size || h.end < load || h.end - load < size ||
	    h.end - load > mem_max || h.entry - load >= size || h.entry - load < sizeof(h))
		return -EBADMSG;
	*why = "bad CRC";
	uint32_t crc = h.crc;

	h.crc = 0;
	if (crc32(crc32(0, &h, sizeof(h)), (const uint8_t *)file + sizeof(h), size - sizeof(h)) != crc)
		return -EBADMSG;
	*why = "built for another gtaboot";
	if (h.sdram_id != sdram_id)
		return -ENOTSUP;
	*why = NULL;
	return 0;
}
