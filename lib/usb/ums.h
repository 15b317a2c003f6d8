/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * USB mass storage, hardware-free: the Bulk-Only Transport (USB Mass
 * Storage Class Bulk-Only Transport 1.0: the CBW and CSW, the thirteen
 * cases of host and device expectations, the stalls and the reset
 * recovery) and the SCSI commands Linux's usb-storage and sd drivers send
 * (SPC/SBC), over one logical unit backed by a block device of 512-byte
 * blocks. docs/usb.md, "USB mass storage".
 *
 * It moves no bytes itself: the caller asks ums_next() what the bulk
 * endpoints should do (receive a packet into a buffer, send one, halt an
 * endpoint), does it, and reports with ums_done(). The class requests
 * come through lib/usb/usb_ctrl (ums_function_ops).
 */
#ifndef LIB_USB_UMS_H
#define LIB_USB_UMS_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/usb/usb_ctrl.h"

/* Interface class triple (Mass Storage, SCSI transparent, Bulk-Only) */
#define UMS_CLASS		0x08
#define UMS_SUBCLASS_SCSI	0x06
#define UMS_PROTO_BOT		0x50

/* Class requests (BOT 3.1, 3.2) */
#define UMS_REQ_RESET		0xFF
#define UMS_REQ_GET_MAX_LUN	0xFE

#define UMS_CBW_LEN		31
#define UMS_CSW_LEN		13
#define UMS_CBW_SIG		0x43425355u	/* "USBC" */
#define UMS_CSW_SIG		0x53425355u	/* "USBS" */
#define UMS_CSW_GOOD		0
#define UMS_CSW_FAILED		1
#define UMS_CSW_PHASE		2

#define UMS_EP_IN		0x81
#define UMS_EP_OUT		0x01

/* The disk: nblocks of 512 bytes. read/write return 0 or a negative
 * errno (-EROFS: write-protected). They are never asked for a block at
 * or past nblocks. */
struct ums_disk {
	uint64_t nblocks;
	bool ro;
	const char *product;    /* INQUIRY's product (16 characters at most) */
	int (*read)(void *ctx, uint64_t lba, uint32_t count, void *buf);
	int (*write)(void *ctx, uint64_t lba, uint32_t count, const void *buf);
	void *ctx;
};

/* What the bulk endpoints do next. */
enum ums_op_kind {
	UMS_OP_NONE,            /* nothing: waiting for the reset recovery */
	UMS_OP_RECV,            /* receive one OUT packet, up to len bytes, into buf */
	UMS_OP_SEND,            /* send buf[0..len) as one IN packet */
	UMS_OP_HALT_IN,         /* halt bulk IN */
	UMS_OP_HALT_OUT,        /* halt bulk OUT */
	UMS_OP_WEDGE,           /* halt both until a Bulk-Only Mass Storage Reset */
};

struct ums_op {
	enum ums_op_kind kind;
	uint8_t *buf;
	uint32_t len;
};

enum ums_phase { UMS_PH_CBW, UMS_PH_IN, UMS_PH_OUT, UMS_PH_HALT_IN, UMS_PH_HALT_OUT,
		 UMS_PH_CSW, UMS_PH_WEDGE, UMS_PH_WEDGED };

struct ums {
	const struct ums_disk *disk;
	struct usb_ctrl *ctrl;          /* its wedges are lifted by the reset; may be NULL */
	uint8_t *buf;                   /* the data phase's chunk (multi-block reads/writes) */
	uint32_t buf_size;              /* a multiple of 512 */
	enum ums_phase phase;
	uint8_t cbw[UMS_CBW_LEN + 1];   /* one byte more: a longer packet shows */
	uint8_t csw[UMS_CSW_LEN];
	/* the command */
	uint32_t tag, hlen;             /* dCBWTag, dCBWDataTransferLength */
	bool hin;                       /* the host expects data IN */
	uint8_t cdb[16], cdb_len;
	/* the data phase */
	uint32_t xfer;                  /* bytes it moves: the host's and the device's least */
	uint32_t done;                  /* moved so far */
	uint32_t pos, fill;             /* buf: IN [pos, fill) still to send; OUT filled to fill */
	uint32_t asked;                 /* OUT: the packet asked for (a shorter one ends the data) */
	uint64_t lba;                   /* READ/WRITE: the chunk's first block */
	bool io;                        /* READ/WRITE: blocks from/to the disk */
	bool discard;                   /* OUT: received, not written */
	bool halt_after;                /* halt the data endpoint after xfer bytes */
	uint8_t status;                 /* bCSWStatus */
	/* sense data (SPC fixed format) */
	uint8_t key, asc, ascq;
	bool info_valid;
	uint32_t info;
	bool prevent, ejected;
	/* for the console */
	uint64_t blocks_read, blocks_written;
	unsigned commands, errors;
	int last_err;                   /* the last read or write error, its block */
	uint64_t last_err_lba;
	bool last_err_write;
};

extern const struct usb_function_ops ums_function_ops;

/* buf: at least 512 bytes, a multiple of 512 (a bigger chunk: fewer,
 * longer card commands). ctrl: whose wedges the reset lifts, or NULL. */
void ums_init(struct ums *u, const struct ums_disk *disk, uint8_t *buf, uint32_t buf_size,
	      struct usb_ctrl *ctrl);
/* Bulk-Only Mass Storage Reset, bus reset, configuration (re)set: back to
 * waiting for a CBW; the wedges are lifted (the halts stay: the host
 * clears them, BOT 5.3.4). */
void ums_reset(struct ums *u);
/* What to do next; maxp is the bulk endpoints' packet size (512 or 64). */
void ums_next(struct ums *u, uint32_t maxp, struct ums_op *op);
/* The op ums_next() gave was done; n: the bytes an OP_RECV received (a
 * packet shorter than asked ends the host's data), an OP_SEND's len. */
void ums_done(struct ums *u, uint32_t n);

#endif
