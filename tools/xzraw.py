#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Raw LZMA1 streams with a preset dictionary, through liblzma (ctypes).

Python's lzma module has every LZMA1 option but preset_dict, which the
second stream of gtaboot's packed cold part uses (tools/packcold.py,
arch/arm/omap3/mlo_layout.h). liblzma.so.5 is the library that module is
built on, so wherever `import lzma` works this does too.

    code(data, filters, preset_dict=b"", encode=True) -> bytes

filters as the lzma module takes them (FILTER_ARMTHUMB with start_offset,
then FILTER_LZMA1 with preset, lc, lp, pb, dict_size, mf, nice_len); the
preset dictionary is the bytes LZMA sees, i.e. after the BCJ filter.
"""
import ctypes
import ctypes.util
import lzma

_lib = ctypes.CDLL(ctypes.util.find_library("lzma") or "liblzma.so.5")
_VLI_UNKNOWN = (1 << 64) - 1
_OK, _STREAM_END, _FINISH = 0, 1, 3


class _OptionsLzma(ctypes.Structure):
    """lzma_options_lzma (lzma/lzma12.h), its reserved tail zeroed."""
    _fields_ = [("dict_size", ctypes.c_uint32), ("preset_dict", ctypes.c_void_p),
                ("preset_dict_size", ctypes.c_uint32), ("lc", ctypes.c_uint32),
                ("lp", ctypes.c_uint32), ("pb", ctypes.c_uint32), ("mode", ctypes.c_int),
                ("nice_len", ctypes.c_uint32), ("mf", ctypes.c_int),
                ("depth", ctypes.c_uint32), ("reserved_int", ctypes.c_uint32 * 4),
                ("reserved_enum", ctypes.c_int * 4), ("reserved_ptr", ctypes.c_void_p * 2)]


class _OptionsBcj(ctypes.Structure):
    _fields_ = [("start_offset", ctypes.c_uint32)]


class _Filter(ctypes.Structure):
    _fields_ = [("id", ctypes.c_uint64), ("options", ctypes.c_void_p)]


class _Stream(ctypes.Structure):
    """lzma_stream (lzma/base.h); LZMA_STREAM_INIT is all zeros."""
    _fields_ = [("next_in", ctypes.c_void_p), ("avail_in", ctypes.c_size_t),
                ("total_in", ctypes.c_uint64), ("next_out", ctypes.c_void_p),
                ("avail_out", ctypes.c_size_t), ("total_out", ctypes.c_uint64),
                ("allocator", ctypes.c_void_p), ("internal", ctypes.c_void_p),
                ("reserved_ptr", ctypes.c_void_p * 4), ("reserved_int", ctypes.c_uint64 * 2),
                ("reserved_size", ctypes.c_size_t * 2), ("reserved_enum", ctypes.c_int * 2)]


def code(data, filters, preset_dict=b"", encode=True, out_max=None):
    """data encoded (or decoded) as one raw stream, in one call."""
    keep = []
    chain = (_Filter * (len(filters) + 1))()
    for i, f in enumerate(filters):
        if f["id"] == lzma.FILTER_LZMA1:
            o = _OptionsLzma()
            if _lib.lzma_lzma_preset(ctypes.byref(o), ctypes.c_uint32(f.get("preset", 6))):
                raise ValueError("xzraw: bad preset")
            for k in ("lc", "lp", "pb", "dict_size", "mf", "nice_len", "depth", "mode"):
                if k in f:
                    setattr(o, k, f[k])
            if preset_dict:
                pd = ctypes.create_string_buffer(bytes(preset_dict), len(preset_dict))
                keep.append(pd)
                o.preset_dict = ctypes.cast(pd, ctypes.c_void_p)
                o.preset_dict_size = len(preset_dict)
        elif f["id"] in (lzma.FILTER_ARMTHUMB, lzma.FILTER_ARM, lzma.FILTER_X86):
            o = _OptionsBcj(f.get("start_offset", 0))
        else:
            raise ValueError("xzraw: filter 0x%x not supported" % f["id"])
        keep.append(o)
        chain[i] = _Filter(f["id"], ctypes.cast(ctypes.pointer(o), ctypes.c_void_p))
    chain[len(filters)] = _Filter(_VLI_UNKNOWN, None)
    s = _Stream()
    fn = _lib.lzma_raw_encoder if encode else _lib.lzma_raw_decoder
    rc = fn(ctypes.byref(s), chain)
    if rc != _OK:
        raise ValueError("xzraw: liblzma refused the filters (%d)" % rc)
    try:
        cap = out_max if out_max is not None else len(data) + len(data) // 2 + 65536
        src = ctypes.create_string_buffer(bytes(data), len(data))
        out = ctypes.create_string_buffer(max(cap, 1))
        s.next_in, s.avail_in = ctypes.cast(src, ctypes.c_void_p), len(data)
        s.next_out, s.avail_out = ctypes.cast(out, ctypes.c_void_p), cap
        rc = _lib.lzma_code(ctypes.byref(s), _FINISH)
        if rc != _STREAM_END:
            raise ValueError("xzraw: liblzma stopped with %d" % rc)
        return out.raw[:cap - s.avail_out]
    finally:
        _lib.lzma_end(ctypes.byref(s))
