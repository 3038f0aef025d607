/**
 * Exact maximum-weight matching: Edmonds' blossom algorithm with primal-dual updates,
 * O(n^3), ported from Joris van Rantwijk's reference implementation (mwmatching.py, the
 * algorithm networkx also uses; after Galil, "Efficient algorithms for finding maximum
 * matching in graphs", 1986). Integer weights keep every dual variable an exact integer
 * (duals and slacks are pre-multiplied by two). Not maximum-cardinality: a pair is only
 * added when it increases the total weight.
 *
 * Used on whole graphs up to a few thousand vertices and on windows of larger graphs.
 */

/** mate[v] = partner of v or -1, for the graph with edges (edgeU[k], edgeV[k], weight[k]). */
export function exactMaxWeightMatching(n: number, edgeU: Int32Array, edgeV: Int32Array, weight: Int32Array): Int32Array {
  const nedge = edgeU.length;
  const result = new Int32Array(n).fill(-1);
  if (nedge === 0 || n === 0) return result;

  let maxweight = 0;
  for (let k = 0; k < nedge; k++) maxweight = Math.max(maxweight, weight[k] as number);

  // endpoint[p]: vertex at endpoint p; edge k has endpoints 2k (edgeU) and 2k+1 (edgeV).
  const endpoint = new Int32Array(2 * nedge);
  for (let k = 0; k < nedge; k++) {
    endpoint[2 * k] = edgeU[k] as number;
    endpoint[2 * k + 1] = edgeV[k] as number;
  }
  // neighbend[v]: remote endpoints of the edges at v (CSR).
  const nbOff = new Int32Array(n + 1);
  for (let k = 0; k < nedge; k++) {
    nbOff[(edgeU[k] as number) + 1] = (nbOff[(edgeU[k] as number) + 1] as number) + 1;
    nbOff[(edgeV[k] as number) + 1] = (nbOff[(edgeV[k] as number) + 1] as number) + 1;
  }
  for (let v = 0; v < n; v++) nbOff[v + 1] = (nbOff[v + 1] as number) + (nbOff[v] as number);
  const nbEnd = new Int32Array(2 * nedge);
  {
    const fill = nbOff.slice(0, n);
    for (let k = 0; k < nedge; k++) {
      const i = edgeU[k] as number;
      const j = edgeV[k] as number;
      nbEnd[fill[i] as number] = 2 * k + 1;
      fill[i] = (fill[i] as number) + 1;
      nbEnd[fill[j] as number] = 2 * k;
      fill[j] = (fill[j] as number) + 1;
    }
  }

  const mate = new Int32Array(n).fill(-1); // remote endpoint of the matched edge
  const label = new Int32Array(2 * n);
  const labelend = new Int32Array(2 * n).fill(-1);
  const inblossom = new Int32Array(n);
  for (let v = 0; v < n; v++) inblossom[v] = v;
  const blossomparent = new Int32Array(2 * n).fill(-1);
  const blossomchilds: (number[] | null)[] = new Array(2 * n).fill(null);
  const blossombase = new Int32Array(2 * n).fill(-1);
  for (let v = 0; v < n; v++) blossombase[v] = v;
  const blossomendps: (number[] | null)[] = new Array(2 * n).fill(null);
  const bestedge = new Int32Array(2 * n).fill(-1);
  const blossombestedges: (number[] | null)[] = new Array(2 * n).fill(null);
  const unusedblossoms: number[] = [];
  for (let b = 2 * n - 1; b >= n; b--) unusedblossoms.push(b);
  const dualvar = new Float64Array(2 * n);
  for (let v = 0; v < n; v++) dualvar[v] = maxweight;
  const allowedge = new Uint8Array(nedge);
  const queue: number[] = [];

  const slack = (k: number): number => (dualvar[edgeU[k] as number] as number) + (dualvar[edgeV[k] as number] as number) - 2 * (weight[k] as number);
  /** Python-style index (negative counts from the end). */
  const at = (list: number[], i: number): number => list[i < 0 ? i + list.length : i] as number;
  const childs = (b: number): number[] => blossomchilds[b] as number[];
  const endps = (b: number): number[] => blossomendps[b] as number[];

  const blossomLeaves = (b: number, out: number[]): number[] => {
    if (b < n) out.push(b);
    else for (const t of childs(b)) blossomLeaves(t, out);
    return out;
  };

  const assignLabel = (w: number, t: number, p: number): void => {
    for (;;) {
      const b = inblossom[w] as number;
      label[w] = t;
      label[b] = t;
      labelend[w] = p;
      labelend[b] = p;
      bestedge[w] = -1;
      bestedge[b] = -1;
      if (t === 1) {
        blossomLeaves(b, queue);
        return;
      }
      // T-blossom: its base's mate becomes S.
      const base = blossombase[b] as number;
      const mb = mate[base] as number;
      w = endpoint[mb] as number;
      t = 1;
      p = mb ^ 1;
    }
  };

  const scanBlossom = (vIn: number, wIn: number): number => {
    let v = vIn;
    let w = wIn;
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = inblossom[v] as number;
      if ((label[b] as number) & 4) {
        base = blossombase[b] as number;
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelend[b] === -1) v = -1;
      else {
        v = endpoint[labelend[b] as number] as number;
        b = inblossom[v] as number;
        v = endpoint[labelend[b] as number] as number;
      }
      if (w !== -1) {
        const t = v;
        v = w;
        w = t;
      }
    }
    for (const b of path) label[b] = 1;
    return base;
  };

  const addBlossom = (base: number, k: number): void => {
    let v = edgeU[k] as number;
    let w = edgeV[k] as number;
    const bb = inblossom[base] as number;
    let bv = inblossom[v] as number;
    let bw = inblossom[w] as number;
    const b = unusedblossoms.pop() as number;
    blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    const path: number[] = [];
    const eps: number[] = [];
    while (bv !== bb) {
      blossomparent[bv] = b;
      path.push(bv);
      eps.push(labelend[bv] as number);
      v = endpoint[labelend[bv] as number] as number;
      bv = inblossom[v] as number;
    }
    path.push(bb);
    path.reverse();
    eps.reverse();
    eps.push(2 * k);
    while (bw !== bb) {
      blossomparent[bw] = b;
      path.push(bw);
      eps.push((labelend[bw] as number) ^ 1);
      w = endpoint[labelend[bw] as number] as number;
      bw = inblossom[w] as number;
    }
    blossomchilds[b] = path;
    blossomendps[b] = eps;
    label[b] = 1;
    labelend[b] = labelend[bb] as number;
    dualvar[b] = 0;
    for (const leaf of blossomLeaves(b, [])) {
      if (label[inblossom[leaf] as number] === 2) queue.push(leaf);
      inblossom[leaf] = b;
    }
    // Least-slack edges from the new blossom to every other S-blossom.
    const bestedgeto = new Map<number, number>();
    for (const sub of path) {
      const lists: number[][] = [];
      const own = blossombestedges[sub];
      if (own === null || own === undefined) {
        const ks: number[] = [];
        for (const leaf of blossomLeaves(sub, [])) for (let q = nbOff[leaf] as number; q < (nbOff[leaf + 1] as number); q++) ks.push((nbEnd[q] as number) >> 1);
        lists.push(ks);
      } else lists.push(own);
      for (const list of lists) {
        for (const kk of list) {
          let j = edgeV[kk] as number;
          if (inblossom[j] === b) j = edgeU[kk] as number;
          const bj = inblossom[j] as number;
          if (bj !== b && label[bj] === 1) {
            const cur = bestedgeto.get(bj);
            if (cur === undefined || slack(kk) < slack(cur)) bestedgeto.set(bj, kk);
          }
        }
      }
      blossombestedges[sub] = null;
      bestedge[sub] = -1;
    }
    const list = [...bestedgeto.values()];
    blossombestedges[b] = list;
    let best = -1;
    for (const kk of list) if (best === -1 || slack(kk) < slack(best)) best = kk;
    bestedge[b] = best;
  };

  const expandBlossom = (b: number, endstage: boolean): void => {
    for (const s of childs(b)) {
      blossomparent[s] = -1;
      if (s < n) inblossom[s] = s;
      else if (endstage && dualvar[s] === 0) expandBlossom(s, endstage);
      else for (const leaf of blossomLeaves(s, [])) inblossom[leaf] = s;
    }
    if (!endstage && label[b] === 2) {
      const ch = childs(b);
      const ep = endps(b);
      const entrychild = inblossom[endpoint[(labelend[b] as number) ^ 1] as number] as number;
      let j = ch.indexOf(entrychild);
      let jstep: number;
      let endptrick: number;
      if (j & 1) {
        j -= ch.length;
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      let p = labelend[b] as number;
      while (j !== 0) {
        label[endpoint[p ^ 1] as number] = 0;
        label[endpoint[at(ep, j - endptrick) ^ endptrick ^ 1] as number] = 0;
        assignLabel(endpoint[p ^ 1] as number, 2, p);
        allowedge[at(ep, j - endptrick) >> 1] = 1;
        j += jstep;
        p = at(ep, j - endptrick) ^ endptrick;
        allowedge[p >> 1] = 1;
        j += jstep;
      }
      const bv = at(ch, j);
      label[endpoint[p ^ 1] as number] = 2;
      label[bv] = 2;
      labelend[endpoint[p ^ 1] as number] = p;
      labelend[bv] = p;
      bestedge[bv] = -1;
      j += jstep;
      while (at(ch, j) !== entrychild) {
        const sub = at(ch, j);
        if (label[sub] === 1) {
          j += jstep;
          continue;
        }
        let reached = -1;
        for (const leaf of blossomLeaves(sub, [])) {
          if (label[leaf] !== 0) {
            reached = leaf;
            break;
          }
        }
        if (reached >= 0) {
          label[reached] = 0;
          label[endpoint[mate[blossombase[sub] as number] as number] as number] = 0;
          assignLabel(reached, 2, labelend[reached] as number);
        }
        j += jstep;
      }
    }
    label[b] = -1;
    labelend[b] = -1;
    blossomchilds[b] = null;
    blossomendps[b] = null;
    blossombase[b] = -1;
    blossombestedges[b] = null;
    bestedge[b] = -1;
    unusedblossoms.push(b);
  };

  const augmentBlossom = (b: number, v: number): void => {
    let t = v;
    while (blossomparent[t] !== b) t = blossomparent[t] as number;
    if (t >= n) augmentBlossom(t, v);
    const ch = childs(b);
    const ep = endps(b);
    const i = ch.indexOf(t);
    let j = i;
    let jstep: number;
    let endptrick: number;
    if (i & 1) {
      j -= ch.length;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    while (j !== 0) {
      j += jstep;
      t = at(ch, j);
      const p = at(ep, j - endptrick) ^ endptrick;
      if (t >= n) augmentBlossom(t, endpoint[p] as number);
      j += jstep;
      t = at(ch, j);
      if (t >= n) augmentBlossom(t, endpoint[p ^ 1] as number);
      mate[endpoint[p] as number] = p ^ 1;
      mate[endpoint[p ^ 1] as number] = p;
    }
    blossomchilds[b] = [...ch.slice(i), ...ch.slice(0, i)];
    blossomendps[b] = [...ep.slice(i), ...ep.slice(0, i)];
    blossombase[b] = blossombase[childs(b)[0] as number] as number;
  };

  const augmentMatching = (k: number): void => {
    const starts: [number, number][] = [
      [edgeU[k] as number, 2 * k + 1],
      [edgeV[k] as number, 2 * k],
    ];
    for (const [s0, p0] of starts) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = inblossom[s] as number;
        if (bs >= n) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelend[bs] === -1) break;
        const t = endpoint[labelend[bs] as number] as number;
        const bt = inblossom[t] as number;
        s = endpoint[labelend[bt] as number] as number;
        const j = endpoint[(labelend[bt] as number) ^ 1] as number;
        if (bt >= n) augmentBlossom(bt, j);
        mate[j] = labelend[bt] as number;
        p = (labelend[bt] as number) ^ 1;
      }
    }
  };

  for (let stage = 0; stage < n; stage++) {
    label.fill(0);
    bestedge.fill(-1);
    for (let b = n; b < 2 * n; b++) blossombestedges[b] = null;
    allowedge.fill(0);
    queue.length = 0;
    for (let v = 0; v < n; v++) if (mate[v] === -1 && label[inblossom[v] as number] === 0) assignLabel(v, 1, -1);

    let augmented = false;
    for (;;) {
      while (queue.length > 0 && !augmented) {
        const v = queue.pop() as number;
        for (let q = nbOff[v] as number; q < (nbOff[v + 1] as number); q++) {
          const p = nbEnd[q] as number;
          const k = p >> 1;
          const w = endpoint[p] as number;
          if (inblossom[v] === inblossom[w]) continue;
          let kslack = 0;
          if (!allowedge[k]) {
            kslack = slack(k);
            if (kslack <= 0) allowedge[k] = 1;
          }
          const lw = label[inblossom[w] as number] as number;
          if (allowedge[k]) {
            if (lw === 0) assignLabel(w, 2, p ^ 1);
            else if (lw === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) addBlossom(base, k);
              else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelend[w] = p ^ 1;
            }
          } else if (lw === 1) {
            const b = inblossom[v] as number;
            if (bestedge[b] === -1 || kslack < slack(bestedge[b] as number)) bestedge[b] = k;
          } else if (label[w] === 0) {
            if (bestedge[w] === -1 || kslack < slack(bestedge[w] as number)) bestedge[w] = k;
          }
        }
      }
      if (augmented) break;

      // delta1: minimum vertex dual (not max-cardinality).
      let deltatype = 1;
      let delta = Number.POSITIVE_INFINITY;
      for (let v = 0; v < n; v++) delta = Math.min(delta, dualvar[v] as number);
      let deltaedge = -1;
      let deltablossom = -1;
      // delta2: least slack from an S-vertex to a free vertex.
      for (let v = 0; v < n; v++) {
        if (label[inblossom[v] as number] === 0 && bestedge[v] !== -1) {
          const d = slack(bestedge[v] as number);
          if (d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = bestedge[v] as number;
          }
        }
      }
      // delta3: half the least slack between two S-blossoms.
      for (let b = 0; b < 2 * n; b++) {
        if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
          const d = slack(bestedge[b] as number) / 2;
          if (d < delta) {
            delta = d;
            deltatype = 3;
            deltaedge = bestedge[b] as number;
          }
        }
      }
      // delta4: least dual of a T-blossom.
      for (let b = n; b < 2 * n; b++) {
        if ((blossombase[b] as number) >= 0 && blossomparent[b] === -1 && label[b] === 2 && (dualvar[b] as number) < delta) {
          delta = dualvar[b] as number;
          deltatype = 4;
          deltablossom = b;
        }
      }

      for (let v = 0; v < n; v++) {
        const l = label[inblossom[v] as number];
        if (l === 1) dualvar[v] = (dualvar[v] as number) - delta;
        else if (l === 2) dualvar[v] = (dualvar[v] as number) + delta;
      }
      for (let b = n; b < 2 * n; b++) {
        if ((blossombase[b] as number) >= 0 && blossomparent[b] === -1) {
          if (label[b] === 1) dualvar[b] = (dualvar[b] as number) + delta;
          else if (label[b] === 2) dualvar[b] = (dualvar[b] as number) - delta;
        }
      }

      if (deltatype === 1) break;
      if (deltatype === 2) {
        allowedge[deltaedge] = 1;
        let i = edgeU[deltaedge] as number;
        if (label[inblossom[i] as number] === 0) i = edgeV[deltaedge] as number;
        queue.push(i);
      } else if (deltatype === 3) {
        allowedge[deltaedge] = 1;
        queue.push(edgeU[deltaedge] as number);
      } else expandBlossom(deltablossom, false);
    }
    if (!augmented) break;
    for (let b = n; b < 2 * n; b++) {
      if (blossomparent[b] === -1 && (blossombase[b] as number) >= 0 && label[b] === 1 && dualvar[b] === 0) expandBlossom(b, true);
    }
  }

  for (let v = 0; v < n; v++) {
    const m = mate[v] as number;
    if (m >= 0) result[v] = endpoint[m] as number;
  }
  return result;
}
