# SPDX-License-Identifier: GPL-2.0-or-later
# gtaboot: single-stage OMAP3 bootloader for the GTA04 and the BeagleBoard.
#
#   make [BOARD=gta04|beagle]   build/$(BOARD)/MLO
#   make all-boards             every board
#   make sim                    build/sim/gtaboot-sim
#   make run                    boot the MLO in the simulator on the default SD image
#   make run-linux              gtaboot -> Debian's armmp kernel -> busybox shell (simulated GTA04)
#   make check                  unit, system and (brief) fuzz tests; one summary line
#   make check-fast             layout check, unit tests, brief fuzzing: no system tests
#   make system                 the system tests alone
#   make bench                  virtual-time and size figures -> build/bench.json,
#                               docs/bench.json and the docs' marked figures
#   make docnums                the MLO sizes of the build -> docs/bench.json and the docs
#   make fuzz                   long fuzzing runs
#   make powercut               power cuts at every step of saveenv (NAND and SD)

BOARD   ?= gta04
.DEFAULT_GOAL := all
BOARDS  := gta04 beagle
CROSS   ?= arm-none-eabi-
BUILD   := build
OUT     := $(BUILD)/$(BOARD)
DEPS    := $(BUILD)/deps/root
PYTHON  ?= /usr/bin/python3
Q       ?= @

VERSION := 0.1
GITREV  := $(shell git describe --always --dirty --abbrev=12 2>/dev/null || echo unknown)

# ---------------------------------------------------------------- firmware
FW_CC   := $(CROSS)gcc
OBJCOPY := $(CROSS)objcopy
SIZE    := $(CROSS)size

# Soft-float Thumb-2: a bootloader has no use for the VFP, which stays off.
# int-sized enums, as libfdt.a's objects have them.
FW_ARCH := -mcpu=cortex-a8 -mthumb -mfloat-abi=soft -fno-short-enums
# One set of warnings for every C build: firmware, host tools, simulator,
# unit tests and fuzz targets.
WARN    := -Wall -Wextra -Werror=undef -Werror=vla -Werror=implicit-fallthrough \
           -Wno-unused-parameter
FW_CFLAGS := $(FW_ARCH) $(WARN) -Os -g -std=gnu11 -ffreestanding -fno-common \
           -ffunction-sections -fdata-sections -fno-stack-protector \
           -I. -isystem $(DEPS)/usr/include \
           -DGTABOOT_VERSION='"$(VERSION)"' -DGTABOOT_GITREV='"$(GITREV)"' \
           -DGTABOOT_BOARD='"$(BOARD)"'
# --no-enum-size-warning: libgcc.a (division helpers, no enums in their
# interfaces) is built with short enums; our objects and libfdt.a are not.
# -z noexecstack: libgcc.a objects lack .note.GNU-stack; there is no stack
# protection to speak of without an MMU anyway.
FW_LDFLAGS := $(FW_ARCH) -nostdlib -nostartfiles -Wl,--gc-sections -Wl,--no-undefined \
           -Wl,-L,$(OUT) -Wl,--no-warn-rwx-segments \
           -Wl,--no-enum-size-warning -Wl,-z,noexecstack
# libfdt.a from Debian's libfdt-dev:armhf, Thumb-2 like the firmware. Its
# objects are tagged for the hard-float calling convention, Debian armhf's
# default, but take and return no floating-point value and hold no VFP
# instruction: the link permits the tag's mismatch (--no-warn-mismatch),
# and libfdt-vfp-free checks that, so the VFP never needs to be on.
# (Debian's armel build is soft-float but ARMv5 ARM code, twice the size;
# bookworm's dtc source tarball would need deb-src.)
LIBFDT_A := $(DEPS)/usr/lib/arm-linux-gnueabihf/libfdt.a
LIBFDT_LDFLAGS := -Wl,--no-warn-mismatch

FW_SRCS := $(sort $(wildcard arch/arm/*.S arch/arm/*.c arch/arm/omap3/*.S arch/arm/omap3/*.c \
           drivers/*/*.c drivers/*/*/*.c lib/*.c lib/*/*.c common/*.c commands/*.c)) \
           board/$(BOARD).c
# lib/efi/ (UEFI: the PE loader, variables, load options, the memory map)
# is host-tested and linked into the EFI image (below, efi.img), not into
# the MLO, where even its unused objects reorder the linker's veneers.
# Of it the MLO links only the check of efi.img's header (lib/efi/efiimg.c).
FW_SRCS := $(filter-out $(filter-out lib/efi/efiimg.c,$(wildcard lib/efi/*.c)),$(FW_SRCS))

# Two images from one tree (docs/design.md "Two images"): EARLY_SRCS are
# the early image, what the ROM reads and runs before the rest of the MLO
# is read (arch/arm/early.ld); every other source is the SDRAM image
# (arch/arm/gtaboot.ld), linked against the early image's symbols, which
# stays in SRAM. gtaboot.ld places the few files of its late part (run
# from SRAM: the entry, the unpacker, the hand-off to Linux) by name.
# BOTH_SRCS are listed for both images (below, "The SDRAM image's copy"):
# the board, one file of data that each image reads its part of, and
# files without state of which each image needs some functions (printf's
# formatting and snprintf, the string functions, the pads, the GPMC's
# NAND port, the SD protocol and host, the Hamming ECC): the early image
# keeps what it calls (reads), the SDRAM image the rest (writes). A file with variables cannot be listed here: its functions would
# see two copies of them (the gtaboot.elf rule checks).
BOTH_SRCS  := board/$(BOARD).c lib/printf.c lib/string.c lib/hamming.c arch/arm/omap3/mux.c \
           drivers/mtd/omap_gpmc.c drivers/mmc/mmc.c drivers/mmc/omap_hsmmc.c
EARLY_SRCS := arch/arm/start.S arch/arm/div.S arch/arm/cache.S arch/arm/stack.S \
           arch/arm/io.c arch/arm/mmu.c \
           $(filter-out arch/arm/omap3/periph.c arch/arm/omap3/mlo_flash.c arch/arm/omap3/chip_name.c \
             arch/arm/omap3/gpio.c $(BOTH_SRCS),$(wildcard arch/arm/omap3/*.c)) \
           $(BOTH_SRCS) drivers/timer/omap_gptimer.c drivers/timer/poll.c drivers/serial/omap_uart.c \
           drivers/mtd/nand_core.c lib/errno.c lib/crc32.c lib/fs/fatmlo.c \
           common/early.c common/sysinfo.c common/console.c

# The GTA04's screen (common/display.c, drivers/video/, the font): about
# 3.4 KB of the packed SDRAM part and 60 bytes of the ROM-loaded part.
# DISPLAY=0 links common/display_none.c instead: no screen, everything
# else the same.
DISPLAY ?= 1
ifeq ($(DISPLAY),1)
FW_SRCS := $(filter-out common/display_none.c,$(FW_SRCS))
FONT_OBJ := $(OUT)/obj/gen/font.c.o
else
FW_SRCS := $(filter-out common/display.c drivers/video/%,$(FW_SRCS))
FONT_OBJ :=
endif
EARLY_OBJS := $(patsubst %,$(OUT)/obj/%.o,$(EARLY_SRCS))
# MAIN_OBJS: the SDRAM image's own objects; BOTH_OBJS: the objects of
# both images, and BOTH_SDRAM_OBJS their copies for the SDRAM image.
MAIN_OBJS  := $(patsubst %,$(OUT)/obj/%.o,$(filter-out $(EARLY_SRCS),$(FW_SRCS))) $(FONT_OBJ)
BOTH_OBJS  := $(patsubst %,$(OUT)/obj/%.o,$(BOTH_SRCS))
BOTH_SDRAM_OBJS := $(patsubst %,$(OUT)/obj/%.sdram.o,$(BOTH_SRCS))
# Relink when DISPLAY changes.
$(OUT)/display-setting: FORCE
	@mkdir -p $(dir $@)
	@echo '$(DISPLAY)' | cmp -s - $@ || echo '$(DISPLAY)' > $@

# The screen's font, printable ASCII, from Debian's console-setup-linux: the
# 8x8 VGA font drawn with doubled rows (8x16 cells). CONSOLE_FONT=
# /usr/share/consolefonts/Lat15-VGA16.psf.gz is finer and costs about 100
# MLO bytes more, which the MLO did not have to spare when it was chosen.
CONSOLE_FONT ?= /usr/share/consolefonts/Lat15-VGA8.psf.gz
$(OUT)/gen/font.c: tools/mkfont.py Makefile $(CONSOLE_FONT)
	@mkdir -p $(dir $@)
	$(Q)$(PYTHON) tools/mkfont.py $(CONSOLE_FONT) $@
$(OUT)/obj/gen/font.c.o: $(OUT)/gen/font.c
	@mkdir -p $(dir $@)
	$(Q)$(FW_CC) $(FW_CFLAGS) -c $< -o $@

.PHONY: all all-boards sim run run-linux check check-build check-fast system bench fuzz powercut \
        cold-order docnums \
        clean distclean deps unit tools
all: $(OUT)/MLO $(OUT)/efi.img

all-boards:
	$(Q)for b in $(BOARDS); do $(MAKE) --no-print-directory BOARD=$$b || exit 1; done

$(LIBFDT_A):
	$(Q)tools/fetch-debs.sh

# Installs missing Debian packages (idempotent, quick when all are there) and
# fetches the armhf libfdt and the reference U-Boot into build/deps.
deps:
	$(Q)tools/install-deps.sh

# The SDRAM image's packed part is compiled for the packer (LZMA after the
# BCJ filter, tools/packcold.py): what makes its code repeat itself packs
# smaller, whatever it does to the code's own size (docs/performance.md
# "Compiled for the packer"). Not the late part (arch/arm/cold.c and the
# LZMA decoder: they run from SRAM, unpacked) nor the decompressors
# (lib/compress/), the table CRC-32 and the screen's drawing (common/display.c,
# drivers/video/: the charging screen draws while the cell charges), whose
# loops keep the compiler's defaults.
COLD_CFLAGS := -fno-schedule-insns2 -fno-optimize-sibling-calls -fno-reorder-blocks \
               -fno-tree-tail-merge -fno-if-conversion -fno-if-conversion2 -fno-move-loop-invariants
$(filter-out $(OUT)/obj/arch/arm/cold.c.o $(OUT)/obj/lib/compress/% $(OUT)/obj/lib/crc32_bulk.c.o \
	$(OUT)/obj/common/display.c.o $(OUT)/obj/drivers/video/%,$(MAIN_OBJS)): \
	FW_CFLAGS += $(COLD_CFLAGS)

$(OUT)/obj/%.c.o: %.c $(LIBFDT_A) Makefile
	@mkdir -p $(dir $@)
	$(Q)$(FW_CC) $(FW_CFLAGS) -MMD -MP -c $< -o $@

$(OUT)/obj/%.S.o: %.S Makefile
	@mkdir -p $(dir $@)
	$(Q)$(FW_CC) $(FW_CFLAGS) -MMD -MP -c $< -o $@

# The banner and the environment's `ver` name the git revision: rebuild
# every file that uses GTABOOT_GITREV when it changes (a list typed here
# once missed environment.c, whose `ver` kept an older revision).
$(OUT)/gitrev: FORCE
	@mkdir -p $(dir $@)
	@echo '$(GITREV)' | cmp -s - $@ || echo '$(GITREV)' > $@
GITREV_USERS := $(shell grep -rl --include='*.c' GTABOOT_GITREV arch board commands common drivers lib 2>/dev/null)
$(patsubst %,$(OUT)/obj/%.o,$(GITREV_USERS)): $(OUT)/gitrev
FORCE:

# What the SDRAM image uses of the early image, for early.ld's
# --gc-sections: each symbol the SDRAM image's objects (its own, the files
# of both images, and libfdt) leave undefined that an object of the early
# image alone defines. A file of both images exports nothing this way: the
# early image keeps of it what its own code uses, the SDRAM image's copy
# has the rest.
$(OUT)/early-exports.ld: $(EARLY_OBJS) $(MAIN_OBJS) $(LIBFDT_A)
	$(Q)$(CROSS)nm -u $(MAIN_OBJS) $(BOTH_OBJS) $(LIBFDT_A) | awk 'NF == 2 { print $$2 }' | sort -u > $@.u
	$(Q)$(CROSS)nm -g --defined-only $(filter-out $(BOTH_OBJS),$(EARLY_OBJS)) | \
	  awk 'NF == 3 { print $$3 }' | sort -u > $@.d
	$(Q)comm -12 $@.u $@.d | sed 's/.*/EXTERN(&)/' > $@
	$(Q)rm -f $@.u $@.d

# No VFP instruction in libfdt.a (above; its interface has no floating-point
# type, which the headers show).
$(BUILD)/libfdt-vfp-free: $(LIBFDT_A)
	$(Q)if $(CROSS)objdump -d $< | grep -E '\sv(ld|st|mov|push|pop|add|sub|mul|div|cvt|cmp|mrs|msr)[a-z0-9.]*\s'; then \
	  echo "error: $< holds VFP instructions: it cannot run with the VFP off" >&2; exit 1; fi
	$(Q)touch $@

# The board file's string pool kept by the early image (a string struct
# board_early reaches written without BOARD_STR, board/board.h) would have
# the ROM read the SDRAM image's strings too: an error.
BOARD_OBJ := $(OUT)/obj/board/$(BOARD).c.o
$(OUT)/early.elf: $(EARLY_OBJS) arch/arm/early.ld $(OUT)/early-exports.ld $(OUT)/memmap.ld
	$(Q)$(FW_CC) $(FW_LDFLAGS) -Wl,-T,arch/arm/early.ld -Wl,-Map,$(OUT)/early.map -o $@ \
	  $(EARLY_OBJS) -lgcc
	$(Q)if sed -n '/^Linker script and memory map/,$$p' $(OUT)/early.map | \
	  grep -A1 '^ \.rodata\.str1\.1' | grep -qF $(BOARD_OBJ); then \
	  echo "error: the early image keeps the string pool of board/$(BOARD).c (board/board.h BOARD_STR)"; \
	  rm -f $@; exit 1; fi

# The SDRAM image's copy of a file of both images: each global symbol the
# early image kept (the board's struct board_early, printf) is made weak,
# so that the early image's definition, which --just-symbols gives, is the
# one the SDRAM image uses, and this copy's own goes to --gc-sections; the
# symbols the early image dropped (struct board, board_env, snprintf) stay
# this copy's.
$(OUT)/obj/%.c.sdram.o: $(OUT)/obj/%.c.o $(OUT)/early.elf
	$(Q)$(CROSS)nm -g --defined-only $(OUT)/early.elf | awk 'NF == 3 { print $$3 }' > $@.syms
	$(Q)$(OBJCOPY) --weaken-symbols=$@.syms $< $@
	$(Q)rm -f $@.syms

# The SDRAM image calls the early image as it would call a ROM: linked
# against its symbols, its late part right behind it in SRAM.
# What efi.img calls of the SDRAM image that the MLO itself does not: roots
# of the SDRAM image's --gc-sections, named here (docs/design.md "The EFI
# image"): the screen lent to ConOut (efi/fbcon.c); the byte reads of
# fs_read_at (lib/fs/fat_at.c, ext4_at.c).
EFI_ROOTS := display_lend display_text_size display_cell display_scroll display_clear \
	     blk_read_bytes

$(OUT)/gtaboot.elf: $(MAIN_OBJS) $(BOTH_SDRAM_OBJS) $(OUT)/early.elf arch/arm/gtaboot.ld \
		arch/arm/cold_order.ld arch/arm/cold_order_prompt.ld \
		$(OUT)/memmap.ld $(OUT)/display-setting $(BUILD)/libfdt-vfp-free
	$(Q)$(FW_CC) $(FW_LDFLAGS) -Wl,-T,arch/arm/gtaboot.ld -Wl,-Map,$(OUT)/gtaboot.map \
	  -Wl,--just-symbols=$(OUT)/early.elf $(LIBFDT_LDFLAGS) -Wl,--stub-group-size=4096 \
	  $(patsubst %,-Wl$(comma)--require-defined=%,$(EFI_ROOTS)) \
	  -Wl,--defsym=LATE_BASE=0x$$($(CROSS)nm $(OUT)/early.elf | sed -n 's/ . __early_end$$//p') \
	  -o $@ $(MAIN_OBJS) $(BOTH_SDRAM_OBJS) $(LIBFDT_A) -lgcc
	$(Q)bad=$$(sed -n '/^Linker script and memory map/,$$p' $(OUT)/gtaboot.map | awk \
	  '/^ \.(data|bss)/ { if (NF >= 4) { s = $$3; f = $$4 } else { getline; s = $$2; f = $$3 } \
	    if (f ~ /\.sdram\.o$$/ && s != "0x0") print f }' | sort -u); \
	  if [ -n "$$bad" ]; then \
	  echo "error: the SDRAM image keeps variables of its copy of $$bad: a file of both images (BOTH_SRCS) must have none, or its functions see two copies"; \
	  rm -f $@; exit 1; fi

# The memory map (arch/arm/omap3/memmap.h) as symbols for the linker scripts'
# INCLUDE: each "#define NAME value" becomes "NAME = value;", the value
# expanded by the preprocessor as C sees it.
MEMMAP_H := arch/arm/omap3/memmap.h
$(OUT)/memmap.ld: $(MEMMAP_H) Makefile
	@mkdir -p $(dir $@)
	$(Q){ echo '#include "$(MEMMAP_H)"'; echo '#define LDSYM(n) #n'; \
	  sed -n 's/^#define \([A-Z][A-Z0-9_]*\) .*/LDSYM(\1) = \1;/p' $(MEMMAP_H); } | \
	  $(FW_CC) -E -P -D__LINKER__ -I. -x c - | tr -d '"' > $@
# One number of the map for a recipe, e.g. $(call memmap,COLD_STAGE_MAX).
memmap = $(shell sed -n 's/^#define $(1) *MM_U(\(0x[0-9A-Fa-f]*\)).*/\1/p' $(MEMMAP_H))
MLO_COPY_MAX := $(shell sed -n 's/^\#define MLO_COPY_MAX *MM_U(\(0x[0-9A-Fa-f]*\)).*/\1/p' \
                arch/arm/omap3/mlo_layout.h)

# The early image and the SDRAM image's late part (both run from SRAM: the
# hot part), then the rest of the SDRAM image packed (LZMA, two streams
# split at __cold_tail) behind them and the CRC trailer
# (tools/packcold.py). The packed part is staged in SDRAM (memmap.h:
# COLD_STAGE_MAX bytes).
$(OUT)/gtaboot.bin: $(OUT)/early.elf $(OUT)/gtaboot.elf tools/packcold.py tools/xzraw.py \
		arch/arm/omap3/mlo_layout.h
	$(Q)$(OBJCOPY) -O binary $(OUT)/early.elf $(OUT)/early.bin
	$(Q)$(OBJCOPY) -O binary -j .late $(OUT)/gtaboot.elf $(OUT)/late.bin
	$(Q)cat $(OUT)/early.bin $(OUT)/late.bin > $(OUT)/hot.bin
	$(Q)$(OBJCOPY) -O binary -j .cold -j .cold_tail -j .cold_rest $(OUT)/gtaboot.elf $(OUT)/cold.bin
	$(Q)$(PYTHON) tools/packcold.py $(OUT)/hot.bin $(OUT)/cold.bin $@ \
	  --split $$(( 0x$$($(CROSS)nm $(OUT)/gtaboot.elf | sed -n 's/ . __cold_tail$$//p') - \
	               0x$$($(CROSS)nm $(OUT)/gtaboot.elf | sed -n 's/ . __cold_start$$//p') )) \
	  --max-packed $(call memmap,COLD_STAGE_MAX)

# MLO (FAT and NAND) and MLO.raw (raw-mode SD, with the CH) declare only
# the early part to the ROM; the early part reads the rest from the same
# file (docs/design.md "Two images"). No MLO declares all of it: the
# image is twice what the ROM could load into SRAM.
$(OUT)/MLO: $(OUT)/gtaboot.bin $(BUILD)/tools/mkmlo
	$(Q)$(BUILD)/tools/mkmlo --load $(call memmap,SRAM_BASE) --short $< $@
	$(Q)$(BUILD)/tools/mkmlo --load $(call memmap,SRAM_BASE) --short --ch $< $(OUT)/MLO.raw
	@raw=$$(stat -c %s $(OUT)/MLO.raw); if [ $$raw -gt $$(($(MLO_COPY_MAX))) ]; then \
	  echo "error: $(OUT)/MLO.raw is $$raw bytes, over the $$(($(MLO_COPY_MAX))) of one NAND block or raw-mode copy (arch/arm/omap3/mlo_layout.h MLO_COPY_MAX)"; \
	  rm -f $@ $(OUT)/MLO.raw; exit 1; fi
	@rom=$$(od -An -tu4 -N4 $@ | tr -d ' '); \
	  echo "MLO: $@ $$(stat -c %s $@) bytes, the ROM reads $$rom (limit 16384)"; \
	  if [ $$rom -gt 16384 ]; then echo "error: the ROM-loaded part is $$rom bytes, over its 16 KiB (docs/design.md, \"What the ROM reads\")"; \
	    rm -f $@ $(OUT)/MLO.raw; exit 1; fi

# The EFI image (docs/design.md "The EFI image", docs/uefi.md): UEFI for
# `bootefi`, a third link from the same tree, loaded by the MLO from the
# boot partition. Linked at EFI_BASE against the SDRAM and early images'
# symbols, it calls their console, file systems, libfdt and DT fix-ups;
# its header names the SDRAM image (the MLO descriptor's CRC), so an
# efi.img of another build is refused.
EFI_SRCS := $(sort $(wildcard efi/*.c)) lib/efi/pe.c lib/efi/varstore.c lib/efi/memmap.c \
	lib/efi/file.c lib/efi/devpath.c lib/efi/loadopt.c lib/fs/fs_at.c lib/fs/fat_at.c lib/fs/ext4_at.c
EFI_OBJS := $(patsubst %,$(OUT)/obj/%.o,$(EFI_SRCS))
$(OUT)/efi.elf: $(EFI_OBJS) efi/efi.ld $(OUT)/gtaboot.elf $(OUT)/early.elf $(OUT)/memmap.ld
	$(Q)$(FW_CC) $(FW_LDFLAGS) -Wl,-T,efi/efi.ld -Wl,-Map,$(OUT)/efi.map \
	  -Wl,--just-symbols=$(OUT)/gtaboot.elf -Wl,--just-symbols=$(OUT)/early.elf \
	  -o $@ $(EFI_OBJS) -lgcc
$(OUT)/efi.img: $(OUT)/efi.elf $(OUT)/gtaboot.bin tools/mkefiimg.py
	$(Q)$(OBJCOPY) -O binary -j .text $(OUT)/efi.elf $(OUT)/efi.bin
	$(Q)$(PYTHON) tools/mkefiimg.py $(OUT)/efi.bin $(OUT)/gtaboot.bin $@

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---------------------------------------------------------------- host tools
HOST_CC     := gcc
HOST_CFLAGS := -O2 -g $(WARN) -I. -DGTABOOT_HOST
# The host tools that make images (mkmlo, mknand, usbpeer) run under the
# unit tests' sanitizers, and every automatic variable starts as a pattern:
# a read of one never set fails the same way on every run instead of
# depending on what the stack held (mknand once did, issue #34).
TOOL_CFLAGS := $(HOST_CFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=undefined \
               -ftrivial-auto-var-init=pattern

tools: $(BUILD)/tools/mkmlo

$(BUILD)/tools/mkmlo: tools/mkmlo.c arch/arm/omap3/memmap.h arch/arm/omap3/mlo_layout.h
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(TOOL_CFLAGS) -o $@ $<

tools: $(BUILD)/tools/mknand
$(BUILD)/tools/mknand: tools/mknand.c tools/sim/nand_ecc.c tools/sim/nand_ecc.h
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(TOOL_CFLAGS) -o $@ tools/mknand.c tools/sim/nand_ecc.c

# The ROM USB boot loader for the PC (docs/usb.md), on Debian's
# libusb-1.0-0-dev (tools/install-deps.sh); linked to the shared libusb,
# which the USB host guest (tools/mkusbhost.sh) has too.
USB_CFLAGS := $(shell pkg-config --cflags libusb-1.0 2>/dev/null)
USB_LIBS   := $(shell pkg-config --libs libusb-1.0 2>/dev/null)
ifneq ($(USB_LIBS),)
tools: $(BUILD)/tools/omap-usbboot
else
tools: ; @echo "tools: libusb-1.0-0-dev missing (tools/install-deps.sh): omap-usbboot not built"
endif
$(BUILD)/tools/omap-usbboot: tools/omap-usbboot.c
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(USB_CFLAGS) -o $@ $< $(USB_LIBS)

# ---------------------------------------------------------------- simulator
SIM_SRCS := $(sort $(wildcard tools/sim/*.c))
SIM_OBJS := $(patsubst %,$(BUILD)/sim/obj/%.o,$(SIM_SRCS))
# Unicorn: Debian 13's 2.1 when tools/fetch-debs.sh could unpack it under
# build/deps/unicorn (a third less CPU for the system tests than Debian 12's
# 2.0.1), else the system's. The choice is read when make starts: every
# target that builds the simulator runs `deps` first, then a sub-make.
comma := ,
UNICORN := $(wildcard $(BUILD)/deps/unicorn/usr/include/unicorn/unicorn.h)
UNICORN_LIBDIR := $(abspath $(BUILD)/deps/unicorn/usr/lib/x86_64-linux-gnu)
UNICORN_CFLAGS := $(if $(UNICORN),-isystem $(BUILD)/deps/unicorn/usr/include)
UNICORN_LIBS := $(if $(UNICORN),$(UNICORN_LIBDIR)/libunicorn.so.2 -Wl$(comma)-rpath$(comma)$(UNICORN_LIBDIR),-lunicorn)
SIM_CFLAGS := -O2 -g $(WARN) -I. -Itools/sim -DGTABOOT_HOST $(UNICORN_CFLAGS) \
              $(shell pkg-config --cflags libusbredirparser-0.5 2>/dev/null)
SIM_LIBS := $(UNICORN_LIBS) -lpthread -lm -lpng \
            $(shell pkg-config --libs libusbredirparser-0.5 2>/dev/null || echo -lusbredirparser)

sim: $(BUILD)/sim/gtaboot-sim

# Objects made against one Unicorn's headers are remade for the other.
$(BUILD)/sim/unicorn.stamp: FORCE
	@mkdir -p $(dir $@)
	@echo '$(UNICORN_CFLAGS)' | cmp -s - $@ || echo '$(UNICORN_CFLAGS)' >$@

$(BUILD)/sim/obj/%.c.o: %.c tools/sim/sim.h $(BUILD)/sim/unicorn.stamp
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(SIM_CFLAGS) -MMD -MP -c $< -o $@

# tcmalloc: Unicorn 2.0.1 allocates and frees a tree on every guest store
# to RAM (its notdirty path; fixed in 2.1), which glibc's malloc serves
# 5 % slower. On 2.1 it is 5 % slower than glibc's: only with the system's
# Unicorn. Not in SIM_LIBS: the sanitized unit tests keep their own.
SIM_MALLOC := $(if $(UNICORN),,$(if $(wildcard /usr/lib/*/libtcmalloc_minimal.so.4),-l:libtcmalloc_minimal.so.4))

$(BUILD)/sim/gtaboot-sim: $(SIM_OBJS)
	$(Q)$(HOST_CC) -o $@ $(SIM_OBJS) $(SIM_LIBS) $(SIM_MALLOC)

# The bench's usbredir peer (tools/bench.py): the PC's side of a DFU or UMS
# transfer on the simulator's --usb socket, on the same libusbredirparser.
sim: $(BUILD)/tools/usbpeer
$(BUILD)/tools/usbpeer: tools/usbpeer.c
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(TOOL_CFLAGS) $(shell pkg-config --cflags libusbredirparser-0.5 2>/dev/null) \
	  -o $@ $< $(shell pkg-config --libs libusbredirparser-0.5 2>/dev/null || echo -lusbredirparser)

-include tests/payload/payload.mk

# ---------------------------------------------------------------- images
# The default SD card for `make run` and `make sdimage`: MLO first, the
# test payload as the kernel (it reports what gtaboot handed over and powers
# off), gtaboot's own DTB for the board and an extlinux.conf. No console=:
# gtaboot sets /chosen/stdout-path to UART3, which Linux's OMAP serial
# drivers (omap-serial ttyO2, 8250_omap ttyS2) both take as the console.
DTB_gta04  := omap3-gta04-sim
DTB_beagle := omap3-beagle-sim
SIM_MACHINE_gta04  := gta04
SIM_MACHINE_beagle := beagle

$(OUT)/$(DTB_$(BOARD)).dtb: dts/$(DTB_$(BOARD)).dts
	@mkdir -p $(dir $@)
	$(Q)dtc -q -I dts -O dtb -o $@ $<

$(OUT)/extlinux.conf: Makefile
	@mkdir -p $(dir $@)
	$(Q)printf '%s\n' '# gtaboot demo card: the test payload stands in for Linux' \
	  'TIMEOUT 30' 'DEFAULT payload' '' \
	  'LABEL payload' '  MENU LABEL Test payload (reports the hand-off, powers off)' \
	  '  KERNEL /zImage' '  FDT /$(DTB_$(BOARD)).dtb' \
	  '  APPEND root=/dev/mmcblk0p2 rootwait' > $@

$(OUT)/sd.img: $(OUT)/MLO $(OUT)/efi.img $(PAYLOAD_OUT)/zImage $(OUT)/$(DTB_$(BOARD)).dtb $(OUT)/extlinux.conf tools/mksd.sh
	$(Q)tools/mksd.sh --board $(BOARD) --out $@ --mlo $(OUT)/MLO --file $(OUT)/efi.img:efi.img \
	  --file $(PAYLOAD_OUT)/zImage:zImage --file $(OUT)/$(DTB_$(BOARD)).dtb:$(DTB_$(BOARD)).dtb \
	  --file $(OUT)/extlinux.conf:extlinux/extlinux.conf

.PHONY: sdimage
sdimage: deps
	$(Q)$(MAKE) --no-print-directory $(OUT)/sd.img
	@echo "$(OUT)/sd.img is ready: dd if=$(OUT)/sd.img of=/dev/sdX bs=4M (see README)"

ifeq ($(LINUX),1)
run: run-linux
else
run: deps
	$(Q)$(MAKE) --no-print-directory $(OUT)/MLO $(OUT)/sd.img sim
	$(BUILD)/sim/gtaboot-sim --machine $(SIM_MACHINE_$(BOARD)) --sd $(OUT)/sd.img --serial stdio --stdin \
	  --on-handoff continue --screenshot $(OUT)/screen.png
	@echo "run: the screen at the hand-off (or at the end): $(OUT)/screen.png"
endif

# Debian's armmp kernel booted by gtaboot to a busybox shell on the simulated
# GTA04's UART3, interactive (tools/mklinuxcard.py makes the card: the Image
# out of the zImage as a uImage, the busybox initramfs with the TWL4030
# charger and MADC modules). `make run LINUX=1` does the same.
run-linux: deps
	$(Q)$(MAKE) --no-print-directory BOARD=gta04 $(BUILD)/gta04/MLO sim
	$(Q)$(PYTHON) tools/mklinuxcard.py --out $(BUILD)/linux/sd.img
	$(BUILD)/sim/gtaboot-sim --machine gta04 --rev A5 --sd $(BUILD)/linux/sd.img --serial stdio \
	  --stdin --on-handoff continue --max-ms 3600000 --stats

# Debian 12's installer (debian-installer-12-netboot-armhf, fetched into
# build/deps/debs the first time, 33 MB) through GRUB and bootefi to its
# first dialog on the simulated BOARD (tools/installer.py, docs/uefi.md
# "Debian's installer"): 1.5 minutes or so of host time, so not in `make
# check`. INSTALLER_ARGS=--interactive answers it on this terminal.
.PHONY: installer
installer: deps
	$(Q)$(MAKE) --no-print-directory all-boards sim
	$(Q)$(PYTHON) tools/installer.py --board $(BOARD) $(INSTALLER_ARGS)

# qemu-linaro (docs/qemu.md): builds the fork's qemu-system-arm once
# (from $(QEMU_LINARO_SRC), a source tree or git URL; default the public
# fork), then boots gtaboot and Debian's armmp kernel to a busybox shell:
# BOARD=beagle on -M beagle, BOARD=gta04 on -M beaglexm.
.PHONY: qemu
qemu: deps
	$(Q)[ -x $(BUILD)/qemu-linaro/bin/qemu-system-arm ] || tools/qemu-linaro.sh build
	$(Q)tools/qemu-linaro.sh boot --board $(BOARD)

# The USB host guest (docs/usb.md): Debian's amd64 kernel and USB tools
# for qemu-system-x86_64, in build/usbhost; make check builds it before the
# tests (a download, then 5-12 s); without it the USB tests skip and say so.
.PHONY: usbhost
usbhost: deps
	$(Q)tools/mkusbhost.sh

# ---------------------------------------------------------------- tests
UNIT_SRCS  := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BINS  := $(patsubst tests/unit/%.c,$(BUILD)/host/%,$(UNIT_SRCS))
HOST_LIB_SRCS := $(filter-out lib/string.c lib/printf.c,$(sort $(wildcard lib/*.c lib/*/*.c)))
SIMUNIT_SRCS := $(sort $(wildcard tests/unit/sim/test_*.c))
SIMUNIT_BINS := $(patsubst tests/unit/sim/%.c,$(BUILD)/host/sim_%,$(SIMUNIT_SRCS))
SIM_LIB_OBJS := $(filter-out $(BUILD)/sim/obj/tools/sim/main.c.o,$(SIM_OBJS))

# lib/ is compiled once per flavour (sanitized for the unit tests,
# instrumented for the fuzzers) and every test links the same objects.
HOST_LIB_OBJS := $(patsubst %.c,$(BUILD)/host/obj/%.o,$(HOST_LIB_SRCS))
FUZZ_LIB_OBJS := $(patsubst %.c,$(BUILD)/fuzz/obj/%.o,$(HOST_LIB_SRCS))
.SECONDARY: $(HOST_LIB_OBJS) $(FUZZ_LIB_OBJS)
$(BUILD)/host/obj/%.o: %.c Makefile
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) -fsanitize=address,undefined -MMD -MP -c $< -o $@
$(BUILD)/fuzz/obj/%.o: %.c Makefile
	@mkdir -p $(dir $@)
	$(Q)clang -g -O1 $(WARN) -I. -DGTABOOT_HOST -fsanitize=fuzzer-no-link,address,undefined \
	  -MMD -MP -c $< -o $@

$(BUILD)/host/test_%: tests/unit/test_%.c tests/unit/helpers.h $(HOST_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) -fsanitize=address,undefined -o $@ $< $(HOST_LIB_OBJS) -lcmocka -lfdt

# Debian's EFI binaries that test_efi_pe loads (docs/uefi.md): systemd-boot,
# GRUB's arm-efi modules (tools/fetch-debs.sh) and the armmp kernel, an EFI
# stub (tools/fetch-kernel.sh). Offline, they stay missing and the test
# fails naming the script. After libfdt's fetch, which is the same script:
# two of it at once would download into one directory.
EFI_FIXTURES := $(DEPS)/usr/lib/systemd/boot/efi/systemd-bootarm.efi $(BUILD)/deps/kernel/vmlinuz
$(DEPS)/usr/lib/systemd/boot/efi/systemd-bootarm.efi: | $(LIBFDT_A)
	-$(Q)tools/fetch-debs.sh
$(BUILD)/deps/kernel/vmlinuz:
	-$(Q)tools/fetch-kernel.sh
$(BUILD)/host/test_efi_pe: | $(EFI_FIXTURES)

$(BUILD)/host/sim_test_%: tests/unit/sim/test_%.c $(SIM_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(SIM_CFLAGS) -o $@ $< $(SIM_LIB_OBJS) $(SIM_LIBS) -lcmocka

# The firmware's storage drivers, built for the host with the host backend
# of io.h and the timer (tests/unit/sim/host_io.c), against the models.
FW_HOST_SRCS := drivers/i2c/omap_i2c.c drivers/power/twl4030.c drivers/mmc/mmc.c \
                drivers/mmc/mmc_info.c drivers/mmc/omap_hsmmc.c \
                lib/fs/blockdev.c lib/errno.c arch/arm/io.c drivers/timer/poll.c \
                tests/unit/sim/host_io.c
$(BUILD)/host/sim_test_storage_fw: tests/unit/sim/test_storage_fw.c $(FW_HOST_SRCS) $(SIM_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(SIM_CFLAGS) -DGTABOOT_HOST_IO -o $@ $< $(FW_HOST_SRCS) $(SIM_LIB_OBJS) \
	  $(SIM_LIBS) -lcmocka

# The usbredir bridge with a fake device in place of the MUSB model
# (the file includes tools/sim/usbredir.c and usbdesc.c).
$(BUILD)/fuzz/fuzz_usbredir: tests/fuzz/fuzz_usbredir.c tools/sim/usbredir.c tools/sim/usbdesc.c
	@mkdir -p $(dir $@)
	$(Q)clang -g -O1 $(WARN) -I. -DGTABOOT_HOST $(shell pkg-config --cflags libusbredirparser-0.5) \
	  -fsanitize=fuzzer,address,undefined -o $@ $< \
	  $(shell pkg-config --libs libusbredirparser-0.5 2>/dev/null || echo -lusbredirparser)

FUZZ_SRCS := $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BINS := $(patsubst tests/fuzz/%.c,$(BUILD)/fuzz/%,$(FUZZ_SRCS))
$(BUILD)/fuzz/%: tests/fuzz/%.c $(FUZZ_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(Q)clang -g -O1 $(WARN) -I. -DGTABOOT_HOST -fsanitize=fuzzer,address,undefined -o $@ $< $(FUZZ_LIB_OBJS) -lfdt

unit: $(UNIT_BINS) $(SIMUNIT_BINS)

# The tests run no make themselves (issue #34): everything they read in
# build/ is built first, and a file missing there fails its test naming the
# target (tests/system/simrun.py, built()): both boards' firmware and demo
# cards, the simulator and usbpeer, the host tools, the test payload, the
# unit tests and the fuzz targets.
# The build uses every core (make check is typed without -j).
# The USB host guest is made meanwhile: mkusbhost.sh waits on downloads and
# gzip, not the compilers (34 s and 34 s one after the other).
check-build: deps
	$(Q)mkdir -p $(BUILD); tools/mkusbhost.sh </dev/null >$(BUILD)/mkusbhost.log 2>&1 & usb=$$!; \
	$(MAKE) -j$$(nproc) --no-print-directory all-boards sim tools unit payload $(FUZZ_BINS) && \
	$(MAKE) --no-print-directory BOARD=gta04 $(BUILD)/gta04/sd.img && \
	$(MAKE) --no-print-directory BOARD=beagle $(BUILD)/beagle/sd.img; rc=$$?; \
	wait $$usb || echo "check: no USB host guest (tools/mkusbhost.sh): the USB tests will say why they skip"; \
	cat $(BUILD)/mkusbhost.log; exit $$rc

check: check-build
	$(Q)for b in $(BOARDS); do $(PYTHON) tools/check-layout.py $(BUILD)/$$b/obj || exit 1; done
	$(Q)$(PYTHON) tools/check-docs.py
	$(Q)FUZZ_SECONDS=$${FUZZ_SECONDS:-2} PYTHON=$(PYTHON) tests/run-all.sh

# The system tests alone, on what check-build built.
system: check-build
	$(Q)PYTHON=$(PYTHON) tests/run-all.sh --system-only

# The quick round while working: the layout and docs checks, the unit tests and brief
# fuzzing, no system tests (no simulator, no USB guest, no demo cards).
check-fast: deps
	$(Q)$(MAKE) -j$$(nproc) --no-print-directory all-boards unit $(FUZZ_BINS)
	$(Q)for b in $(BOARDS); do $(PYTHON) tools/check-layout.py $(BUILD)/$$b/obj || exit 1; done
	$(Q)$(PYTHON) tools/check-docs.py
	$(Q)FUZZ_SECONDS=$${FUZZ_SECONDS:-2} PYTHON=$(PYTHON) tests/run-all.sh --no-system

# Power cuts during saveenv at every NAND operation and every 15th SD block
# (make check samples them); a few minutes.
powercut: deps
	$(Q)$(MAKE) --no-print-directory all-boards sim tools
	$(Q)GTABOOT_POWERCUT=all $(PYTHON) -m pytest -q $${PYTEST_WORKERS:+-n $$PYTEST_WORKERS} \
	  tests/system/test_ubenv.py tests/system/test_ubenv_fat.py tests/system/test_ubenv_single.py \
	  tests/system/test_uboot_env.py -k power_cut </dev/null

fuzz: $(FUZZ_BINS)
	$(Q)for f in $(FUZZ_BINS); do mkdir -p $(BUILD)/fuzz/corpus/$$(basename $$f); \
	  $$f -max_total_time=$${FUZZ_SECONDS:-300} $(BUILD)/fuzz/corpus/$$(basename $$f) tests/fuzz/corpus/$$(basename $$f) || exit 1; done

bench: deps
	$(Q)$(MAKE) --no-print-directory all-boards sim tools
	$(Q)$(PYTHON) tools/bench.py

# The figures the build knows without a bench (each board's MLO size and
# what the ROM reads) into docs/bench.json, then the docs' marked figures
# (tools/docnums.py); tools/check-docs.py says when they are stale.
docnums: deps
	$(Q)$(MAKE) --no-print-directory all-boards
	$(Q)$(PYTHON) tools/docnums.py --build </dev/null

# arch/arm/cold_order.ld, what the boot path runs (gtaboot.ld's first
# stream), from boots in the simulator; then the boards again with it.
# tests/system/test_cold_order.py says when it is stale.
cold-order: deps
	$(Q)$(MAKE) --no-print-directory all-boards sim
	$(Q)$(PYTHON) tools/coldorder.py </dev/null
	$(Q)$(MAKE) --no-print-directory all-boards

clean:
	rm -rf $(BUILD)/gta04 $(BUILD)/beagle $(BUILD)/sim $(BUILD)/host $(BUILD)/tools $(BUILD)/fuzz

distclean:
	rm -rf $(BUILD)
