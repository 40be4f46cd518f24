import * as sizes from '/work/main/test/bench/sizes.mjs';
console.log('firstLoad', await sizes.appFirstLoad('site'), 'all', await sizes.app('site'));
