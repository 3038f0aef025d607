;; The inner product of two int8 vectors in a shared memory (engine/int8-dot.ts): WebAssembly SIMD,
;; 32 bytes a step, then one byte at a time for a length that is not a multiple of 32; and the
;; sketches' estimate of two members' vector terms (`sketch`, below). Compiled into int8-dot.wasm.ts
;; by `npm run wasm:write` (platform/src/scripts/write-int8-dot.ts).
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
    (local.get $s))

  ;; sketch(a, b, ...): members' records (semantic.ts SKETCH_RECORD: the need's sketch at 0, the
  ;; offer's at 28, their hubness as float32 at 56 and 60, the about sketch at 64) at byte offsets a
  ;; and b; the value of sketchDirections + sketchAbout (semantic.ts) for two members with vectors,
  ;; the same operations in the same order, so the same double. A 28-number sketch is read as 32
  ;; bytes, the last four (the next field's) masked off on one side. Written out in one function: V8
  ;; does not inline calls between WebAssembly functions here.
  (func (export "sketch") (param $a i32) (param $b i32) (param $scale f64) (param $aboutScale f64)
    (param $floor f64) (param $ceiling f64) (param $semantic f64) (param $about f64) (param $share f64) (result f64)
    (local $v v128) (local $c f64) (local $ab f64) (local $ba f64) (local $ib f64)
    ;; a's offer against b's need.
    (local.set $v (i32x4.add
        (i32x4.extadd_pairwise_i16x8_s (i16x8.extmul_low_i8x16_s (v128.load offset=28 (local.get $a)) (v128.load (local.get $b))))
        (i32x4.extadd_pairwise_i16x8_s (i16x8.extmul_high_i8x16_s (v128.load offset=28 (local.get $a)) (v128.load (local.get $b))))))
    (local.set $v (i32x4.add (local.get $v) (i32x4.add
        (i32x4.extadd_pairwise_i16x8_s (i16x8.extmul_low_i8x16_s (v128.and (v128.load offset=44 (local.get $a)) (v128.const i32x4 -1 -1 -1 0)) (v128.load offset=16 (local.get $b))))
        (i32x4.extadd_pairwise_i16x8_s (i16x8.extmul_high_i8x16_s (v128.and (v128.load offset=44 (local.get $a)) (v128.const i32x4 -1 -1 -1 0)) (v128.load offset=16 (local.get $b)))))))
    ;; lift: 0 at the floor and below, 1 at the ceiling and above, linear between (semantic.ts lift).
    (local.set $c (f64.sub
      (f64.mul (local.get $scale) (f64.convert_i32_s (i32.add
        (i32.add (i32x4.extract_lane 0 (local.get $v)) (i32x4.extract_lane 1 (local.get $v)))
        (i32.add (i32x4.extract_lane 2 (local.get $v)) (i32x4.extract_lane 3 (local.get $v))))))
      (f64.div (f64.add (f64.promote_f32 (f32.load offset=60 (local.get $a))) (f64.promote_f32 (f32.load offset=56 (local.get $b)))) (f64.const 2))))
    (local.set $ab (if (result f64) (f64.le (local.get $c) (local.get $floor))
      (then (f64.const 0))
      (else (f64.min (f64.const 1) (f64.div (f64.sub (local.get $c) (local.get $floor)) (f64.sub (local.get $ceiling) (local.get $floor)))))))
    ;; b's offer against a's need.
    (local.set $v (i32x4.add
        (i32x4.extadd_pairwise_i16x8_s (i16x8.extmul_low_i8x16_s (v128.load offset=28 (local.get $b)) (v128.load (local.get $a))))
        (i32x4.extadd_pairwise_i16x8_s (i16x8.extmul_high_i8x16_s (v128.load offset=28 (local.get $b)) (v128.load (local.get $a))))))
    (local.set $v (i32x4.add (local.get $v) (i32x4.add
        (i32x4.extadd_pairwise_i16x8_s (i16x8.extmul_low_i8x16_s (v128.and (v128.load offset=44 (local.get $b)) (v128.const i32x4 -1 -1 -1 0)) (v128.load offset=16 (local.get $a))))
        (i32x4.extadd_pairwise_i16x8_s (i16x8.extmul_high_i8x16_s (v128.and (v128.load offset=44 (local.get $b)) (v128.const i32x4 -1 -1 -1 0)) (v128.load offset=16 (local.get $a)))))))
    ;; lift: 0 at the floor and below, 1 at the ceiling and above, linear between (semantic.ts lift).
    (local.set $c (f64.sub
      (f64.mul (local.get $scale) (f64.convert_i32_s (i32.add
        (i32.add (i32x4.extract_lane 0 (local.get $v)) (i32x4.extract_lane 1 (local.get $v)))
        (i32.add (i32x4.extract_lane 2 (local.get $v)) (i32x4.extract_lane 3 (local.get $v))))))
      (f64.div (f64.add (f64.promote_f32 (f32.load offset=60 (local.get $b))) (f64.promote_f32 (f32.load offset=56 (local.get $a)))) (f64.const 2))))
    (local.set $ba (if (result f64) (f64.le (local.get $c) (local.get $floor))
      (then (f64.const 0))
      (else (f64.min (f64.const 1) (f64.div (f64.sub (local.get $c) (local.get $floor)) (f64.sub (local.get $ceiling) (local.get $floor)))))))
    ;; The about sketches.
    (local.set $v (i32x4.add
      (i32x4.add
        (i32x4.extadd_pairwise_i16x8_s (i16x8.extmul_low_i8x16_s (v128.load offset=64 (local.get $a)) (v128.load offset=64 (local.get $b))))
        (i32x4.extadd_pairwise_i16x8_s (i16x8.extmul_high_i8x16_s (v128.load offset=64 (local.get $a)) (v128.load offset=64 (local.get $b)))))
      (i32x4.add
        (i32x4.extadd_pairwise_i16x8_s (i16x8.extmul_low_i8x16_s (v128.load offset=80 (local.get $a)) (v128.load offset=80 (local.get $b))))
        (i32x4.extadd_pairwise_i16x8_s (i16x8.extmul_high_i8x16_s (v128.load offset=80 (local.get $a)) (v128.load offset=80 (local.get $b)))))))
    ;; lift: 0 at the floor and below, 1 at the ceiling and above, linear between (semantic.ts lift).
    (local.set $c (f64.mul (local.get $aboutScale) (f64.convert_i32_s (i32.add
        (i32.add (i32x4.extract_lane 0 (local.get $v)) (i32x4.extract_lane 1 (local.get $v)))
        (i32.add (i32x4.extract_lane 2 (local.get $v)) (i32x4.extract_lane 3 (local.get $v)))))))
    (local.set $ib (if (result f64) (f64.le (local.get $c) (local.get $floor))
      (then (f64.const 0))
      (else (f64.min (f64.const 1) (f64.div (f64.sub (local.get $c) (local.get $floor)) (f64.sub (local.get $ceiling) (local.get $floor)))))))
    (f64.add
      (f64.mul (local.get $semantic)
        (if (result f64) (f64.ge (local.get $ab) (local.get $ba))
          (then (f64.add (f64.mul (local.get $share) (local.get $ab)) (f64.mul (f64.sub (f64.const 1) (local.get $share)) (local.get $ba))))
          (else (f64.add (f64.mul (local.get $share) (local.get $ba)) (f64.mul (f64.sub (f64.const 1) (local.get $share)) (local.get $ab))))))
      (f64.mul (local.get $about) (local.get $ib))))

  ;; estimates(sig, norm, cos, from, end, lo, hi, out): postings-scan.ts. For each posting p in
  ;; [from, end), norm[p] x cos[popcount(sig[p] xor (hi:lo))] (float32 values, the product in
  ;; doubles) as an f64 at out + 8 (p - from). sig[p] is 8 bytes at sig + 8p, norm[p] and cos[h]
  ;; float32 at norm + 4p and cos + 4h.
  (func (export "estimates") (param $sig i32) (param $norm i32) (param $cos i32) (param $from i32) (param $end i32)
    (param $lo i32) (param $hi i32) (param $out i32)
    (local $u i64) (local $p i32)
    (local.set $u (i64.or (i64.extend_i32_u (local.get $lo)) (i64.shl (i64.extend_i32_u (local.get $hi)) (i64.const 32))))
    (local.set $p (local.get $from))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (f64.store (local.get $out) (f64.mul
          (f64.promote_f32 (f32.load (i32.add (local.get $norm) (i32.shl (local.get $p) (i32.const 2)))))
          (f64.promote_f32 (f32.load (i32.add (local.get $cos) (i32.shl
            (i32.wrap_i64 (i64.popcnt (i64.xor (i64.load (i32.add (local.get $sig) (i32.shl (local.get $p) (i32.const 3)))) (local.get $u))))
            (i32.const 2)))))))
        (local.set $out (i32.add (local.get $out) (i32.const 8)))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $next))))
)
