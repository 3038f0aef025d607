;; The inner product of two int8 vectors in a shared memory (engine/int8-dot.ts): WebAssembly SIMD,
;; 32 bytes a step, then one byte at a time for a length that is not a multiple of 32. Compiled into
;; int8-dot.wasm.ts by `npm run wasm:write` (platform/src/scripts/write-int8-dot.ts).
(module
  (import "env" "memory" (memory 1 65536 shared))
  ;; dot(a, b, n): the sum of a[k] * b[k] for k < n, a and b byte offsets into the memory. Each
  ;; product fits 16 bits (the vectors hold -127..127); the sums fit 32 bits for any n below 2^17.
  (func (export "dot") (param $a i32) (param $b i32) (param $n i32) (result i32)
    (local $end i32) (local $lo v128) (local $hi v128) (local $s i32)
    (local.set $end (i32.add (local.get $a) (i32.and (local.get $n) (i32.const -32))))
    (block $done
      (loop $step
        (br_if $done (i32.ge_u (local.get $a) (local.get $end)))
        (local.set $lo (i32x4.add (local.get $lo)
          (i32x4.extadd_pairwise_i16x8_s (i16x8.extmul_low_i8x16_s (v128.load (local.get $a)) (v128.load (local.get $b))))))
        (local.set $hi (i32x4.add (local.get $hi)
          (i32x4.extadd_pairwise_i16x8_s (i16x8.extmul_high_i8x16_s (v128.load (local.get $a)) (v128.load (local.get $b))))))
        (local.set $lo (i32x4.add (local.get $lo)
          (i32x4.extadd_pairwise_i16x8_s (i16x8.extmul_low_i8x16_s (v128.load offset=16 (local.get $a)) (v128.load offset=16 (local.get $b))))))
        (local.set $hi (i32x4.add (local.get $hi)
          (i32x4.extadd_pairwise_i16x8_s (i16x8.extmul_high_i8x16_s (v128.load offset=16 (local.get $a)) (v128.load offset=16 (local.get $b))))))
        (local.set $a (i32.add (local.get $a) (i32.const 32)))
        (local.set $b (i32.add (local.get $b) (i32.const 32)))
        (br $step)))
    (local.set $lo (i32x4.add (local.get $lo) (local.get $hi)))
    (local.set $s (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $lo)) (i32x4.extract_lane 1 (local.get $lo)))
      (i32.add (i32x4.extract_lane 2 (local.get $lo)) (i32x4.extract_lane 3 (local.get $lo)))))
    (local.set $end (i32.add (local.get $end) (i32.and (local.get $n) (i32.const 31))))
    (block $tail_done
      (loop $tail
        (br_if $tail_done (i32.ge_u (local.get $a) (local.get $end)))
        (local.set $s (i32.add (local.get $s) (i32.mul (i32.load8_s (local.get $a)) (i32.load8_s (local.get $b)))))
        (local.set $a (i32.add (local.get $a) (i32.const 1)))
        (local.set $b (i32.add (local.get $b) (i32.const 1)))
        (br $tail)))
    (local.get $s)))
