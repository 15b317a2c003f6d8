/* SPDX-License-Identifier: GPL-2.0-or-later */
/* EFI_STATUS codes (UEFI 2.10 appendix D) for the host-tested EFI
 * libraries, as 32-bit Arm has them: UINTN is 32 bits, errors have bit 31
 * set. The names and texts match efi/uefi.h's, so both may be included. */
#ifndef LIB_EFI_STATUS_H
#define LIB_EFI_STATUS_H

#include <stdint.h>

typedef uint32_t efi_status;

#define EFIERR(n)               (0x80000000u | (n))
#define EFI_SUCCESS             0u
#define EFI_LOAD_ERROR          EFIERR(1)
#define EFI_INVALID_PARAMETER   EFIERR(2)
#define EFI_UNSUPPORTED         EFIERR(3)
#define EFI_BAD_BUFFER_SIZE     EFIERR(4)
#define EFI_BUFFER_TOO_SMALL    EFIERR(5)
#define EFI_NOT_READY           EFIERR(6)
#define EFI_DEVICE_ERROR        EFIERR(7)
#define EFI_WRITE_PROTECTED     EFIERR(8)
#define EFI_OUT_OF_RESOURCES    EFIERR(9)
#define EFI_VOLUME_CORRUPTED    EFIERR(10)
#define EFI_VOLUME_FULL         EFIERR(11)
#define EFI_NO_MEDIA            EFIERR(12)
#define EFI_NOT_FOUND           EFIERR(14)
#define EFI_ACCESS_DENIED       EFIERR(15)

/* warnings: no high bit */
#define EFI_WARN_DELETE_FAILURE 2u

#endif
