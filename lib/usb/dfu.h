/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * USB Device Firmware Upgrade, DFU mode (USB DFU class specification 1.1:
 * 3 requests, 4.2 the DFU-mode descriptors, 6.1 download, 6.2 upload,
 * appendix A the state machine), as a function of lib/usb/usb_ctrl: one
 * interface, one alternate setting per dfu_alt_info entry, and a backend
 * per medium (RAM, NAND) that writes, reads and flushes what arrives.
 * Also the parser of U-Boot's dfu_alt_info syntax.
 */
#ifndef LIB_USB_DFU_H
#define LIB_USB_DFU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/usb/usb_ctrl.h"

/* Requests (DFU 1.1 table 3.2) */
#define DFU_DETACH	0
#define DFU_DNLOAD	1
#define DFU_UPLOAD	2
#define DFU_GETSTATUS	3
#define DFU_CLRSTATUS	4
#define DFU_GETSTATE	5
#define DFU_ABORT	6

/* bState (6.1.2) */
enum dfu_state {
	DFU_APP_IDLE, DFU_APP_DETACH, DFU_IDLE, DFU_DNLOAD_SYNC, DFU_DNBUSY, DFU_DNLOAD_IDLE,
	DFU_MANIFEST_SYNC, DFU_MANIFEST, DFU_MANIFEST_WAIT_RESET, DFU_UPLOAD_IDLE, DFU_ERROR,
};

/* bStatus (6.1.2) */
enum dfu_status {
	DFU_OK, DFU_ERR_TARGET, DFU_ERR_FILE, DFU_ERR_WRITE, DFU_ERR_ERASE, DFU_ERR_CHECK_ERASED,
	DFU_ERR_PROG, DFU_ERR_VERIFY, DFU_ERR_ADDRESS, DFU_ERR_NOTDONE, DFU_ERR_FIRMWARE,
	DFU_ERR_VENDOR, DFU_ERR_USBR, DFU_ERR_POR, DFU_ERR_UNKNOWN, DFU_ERR_STALLEDPKT,
};

/* DFU-mode interface: class 0xFE (application specific), subclass 1
 * (DFU), protocol 2 (DFU mode) (4.2.3) */
#define DFU_CLASS		0xFE
#define DFU_SUBCLASS		1
#define DFU_PROTOCOL_DFU	2
#define DFU_DT_FUNCTIONAL	0x21
#define DFU_FUNC_DESC_LEN	9
#define DFU_TRANSFER_SIZE	4096	/* wTransferSize; == USB_CTRL_BUF */
#define DFU_DETACH_TIMEOUT_MS	1000

/* bmAttributes of the functional descriptor (4.1.3) */
#define DFU_ATTR_CAN_DNLOAD		0x01
#define DFU_ATTR_CAN_UPLOAD		0x02
#define DFU_ATTR_MANIFEST_TOLERANT	0x04
#define DFU_ATTR_WILL_DETACH		0x08

/* ------------------------------------------------------- dfu_alt_info */

enum dfu_alt_kind { DFU_ALT_RAM, DFU_ALT_RAW, DFU_ALT_PART, DFU_ALT_FAT, DFU_ALT_EXT4 };

#define DFU_NAME_MAX	32
#define DFU_MAX_ALTS	USB_MAX_ALTS

struct dfu_alt {
	char name[DFU_NAME_MAX];        /* as dfu-util -l prints it */
	enum dfu_alt_kind kind;
	/* RAM: the address and size; raw: the offset into the medium and
	 * the size; part: the device and partition number, the start and
	 * size filled in by whoever resolves the partition */
	uint32_t start, size;
	unsigned dev, part;
	/* mmc raw: the first block and the count (0: to the device's end);
	 * an mmc entry's size (bytes) is set by whoever resolves it */
	uint32_t lba, blocks;
};

/*
 * Parse U-Boot's dfu_alt_info: entries separated by ';', each "NAME TYPE
 * ARGS" separated by blanks: "NAME ram ADDR SIZE" (interface "ram"),
 * "NAME raw OFFSET SIZE" or "NAME part DEV PARTNUM" (interface "nand"),
 * "NAME raw LBA BLOCKS", "NAME part DEV PARTNUM", "NAME fat DEV PARTNUM" or
 * "NAME ext4 DEV PARTNUM" (interface "mmc"; for fat and ext4 NAME is the
 * file). ADDR, OFFSET and SIZE are hex (with or without 0x), DEV and
 * PARTNUM decimal, the mmc numbers C-style (0x hex, 0 octal, decimal), as
 * U-Boot reads them; an mmc entry comes back with size 0. Fills alts[0..*n); returns 0, or -EINVAL
 * (or -E2BIG: more than max entries, -ENAMETOOLONG: a long name) with
 * why saying which entry and what is wrong.
 */
int dfu_alt_parse(const char *info, const char *iface, struct dfu_alt *alts, unsigned max,
		  unsigned *n, char *why, size_t whylen);

/* ------------------------------------------------------------ the class */

/*
 * A medium. write() puts len bytes at off into alt (off + len never past
 * alt->size: the core refuses that with errADDRESS first); read() fills up
 * to len bytes from off and returns how many (fewer at the end: the
 * upload ends), or a negative errno; flush() runs once the host has sent
 * the last block (zero-length DNLOAD), with the total, before the device
 * reports manifestation done. Errors are negative errnos, which the host
 * sees as bStatus: -ENOSPC/-EFBIG errADDRESS, -EIO errWRITE, -EBADMSG
 * errVERIFY, -EINVAL errFILE, -ENODEV errTARGET, -EROFS errCHECK_ERASED,
 * any other errUNKNOWN. poll_ms is the bwPollTimeout reported while a
 * block is written (dfuDNBUSY), manifest_poll_ms while the flush runs
 * (dfuMANIFEST): the host waits that long before it asks again, and the
 * flush of a large NAND entry takes seconds.
 */
struct dfu_backend {
	int (*write)(void *ctx, const struct dfu_alt *alt, uint32_t off, const uint8_t *buf,
		     uint32_t len);
	int (*read)(void *ctx, const struct dfu_alt *alt, uint32_t off, uint8_t *buf,
		    uint32_t len);
	int (*flush)(void *ctx, const struct dfu_alt *alt, uint32_t total);
	void *ctx;
	uint32_t poll_ms, manifest_poll_ms;
};

struct dfu {
	const struct dfu_alt *alts;
	unsigned nalts;
	const struct dfu_backend *be;
	bool manifest_tolerant;
	/* the state machine */
	uint8_t state, status;
	unsigned alt;
	uint32_t offset;                /* bytes of this transfer so far */
	uint16_t next_block;
	bool started;                   /* a block of this transfer came */
	bool manifested;                /* flush done, MANIFEST-SYNC -> IDLE */
	uint16_t blk_len;
	uint8_t blk[DFU_TRANSFER_SIZE]; /* the block between DNLOAD and GETSTATUS */
	/* what the command loop watches */
	bool detach;                    /* DFU_DETACH was acknowledged */
	unsigned downloads;             /* completed (manifested) downloads */
	unsigned last_alt;
	uint32_t last_len;
	int last_err;                   /* the backend's last error, 0 none */
	/* the functional descriptor and names the usb_device_info points to */
	uint8_t func_desc[DFU_FUNC_DESC_LEN];
	const char *names[DFU_MAX_ALTS];
};

/* Set up the class over alts[0..n) with backend be; fills info's
 * interface part (class triple, alt names, functional descriptor). */
void dfu_init(struct dfu *d, const struct dfu_alt *alts, unsigned n,
	      const struct dfu_backend *be, bool manifest_tolerant, struct usb_device_info *info);

/* The usb_ctrl function callbacks; ctx is the struct dfu. */
extern const struct usb_function_ops dfu_function_ops;

/* Names for messages. */
const char *dfu_state_name(unsigned state);
const char *dfu_status_name(unsigned status);

#endif
