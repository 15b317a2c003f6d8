/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The OMAP3 HS USB OTG controller's registers (a Mentor MUSBMHDRC core,
 * OMAP wrapper at +0x400; OMAP35x/DM37x TRM chapter 16), as offsets from
 * its base. Shared by the peripheral driver (musb_udc.c) and the early
 * part's fetch over the ROM's endpoints (arch/arm/omap3/mlo_usb.c).
 */
#ifndef DRIVERS_USB_MUSB_REGS_H
#define DRIVERS_USB_MUSB_REGS_H

#include "lib/bitops.h"

/* The USB OTG controller's base (Linux's omap3.dtsi usb_otg_hs). */
#define MUSB_OTG_BASE	0x480AB000u

/* Mentor core, common registers */
#define FADDR		0x00	/* 8 */
#define POWER		0x01	/* 8 */
#define  POWER_HSMODE	BIT(4)
#define  POWER_HSENAB	BIT(5)
#define  POWER_SOFTCONN	BIT(6)
#define INTRTX		0x02	/* 16, read clears */
#define INTRRX		0x04	/* 16, read clears */
#define INTRTXE		0x06
#define INTRRXE		0x08
#define INTRUSB		0x0A	/* 8, read clears */
#define  USB_SUSPEND	BIT(0)
#define  USB_RESUME	BIT(1)
#define  USB_RESET	BIT(2)	/* peripheral mode: bus reset */
#define  USB_DISCON	BIT(5)
#define INTRUSBE	0x0B
#define INDEX		0x0E	/* 8 */
#define FIFO(ep)	(0x20 + 4 * (ep))
#define DEVCTL		0x60	/* 8 */
#define  DEVCTL_SESSION	BIT(0)
#define  DEVCTL_VBUS	(3u << 3)
#define TXFIFOSZ	0x62	/* 8: SZ (size 8 << SZ), DPB */
#define RXFIFOSZ	0x63
#define TXFIFOADD	0x64	/* 16: start / 8 */
#define RXFIFOADD	0x66

/* indexed (INDEX selects the endpoint) */
#define TXMAXP		0x10
#define CSR0		0x12	/* EP0 */
#define  CSR0_RXPKTRDY		BIT(0)
#define  CSR0_TXPKTRDY		BIT(1)
#define  CSR0_SENTSTALL		BIT(2)
#define  CSR0_DATAEND		BIT(3)
#define  CSR0_SETUPEND		BIT(4)
#define  CSR0_SENDSTALL		BIT(5)
#define  CSR0_SVDRXPKTRDY	BIT(6)
#define  CSR0_SVDSETUPEND	BIT(7)
#define TXCSR		0x12	/* EP1..15 */
#define  TXCSR_TXPKTRDY		BIT(0)
#define  TXCSR_FIFONOTEMPTY	BIT(1)
#define  TXCSR_FLUSHFIFO	BIT(3)
#define  TXCSR_SENDSTALL	BIT(4)
#define  TXCSR_SENTSTALL	BIT(5)
#define  TXCSR_CLRDATATOG	BIT(6)
#define  TXCSR_MODE		BIT(13)
#define RXMAXP		0x14
#define RXCSR		0x16
#define  RXCSR_RXPKTRDY		BIT(0)
#define  RXCSR_FLUSHFIFO	BIT(4)
#define  RXCSR_SENDSTALL	BIT(5)
#define  RXCSR_SENTSTALL	BIT(6)
#define  RXCSR_CLRDATATOG	BIT(7)
#define COUNT0		0x18	/* 8: EP0's received bytes */
#define RXCOUNT		0x18	/* 16: EP1..15 */

/* OMAP wrapper */
#define OTG_SYSCONFIG	0x404
#define  SYSC_SOFTRESET	BIT(1)
#define  SYSC_NOIDLE	(1u << 3)	/* SIDLEMODE */
#define  SYSC_NOSTDBY	(1u << 12)	/* MIDLEMODE */
#define OTG_SYSSTATUS	0x408
#define  SYSS_RESETDONE	BIT(0)
#define OTG_INTERFSEL	0x40C
#define  INTERFSEL_ULPI_12PIN	1u	/* PHYSEL: 12-pin ULPI */
#define OTG_FORCESTDBY	0x414
#define  FORCESTDBY_ENABLEFORCE	BIT(0)

/* An endpoint's CSRs without INDEX (the flat view at 0x100 + 16 * ep):
 * reg is the indexed offset (TXMAXP .. RXCOUNT). */
#define EP_FLAT(ep, reg)	(0x100 + 16 * (ep) + (reg) - 0x10)

#endif
