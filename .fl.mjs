import { appFirstLoad } from './test/bench/sizes.mjs'; console.log(await appFirstLoad('site'));
